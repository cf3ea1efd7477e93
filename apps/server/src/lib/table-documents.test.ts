import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderTablePdf } from './pdf-table.js';
import { TABLE_TEMPLATES } from './table-documents.js';

/**
 * The PDF's structure tree as poppler reads it back: an element a line ("TH"), indented, its
 * attributes ("/Scope /Column") and text ('"Name"') under it.
 */
const tagTree = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdfinfo', ['-struct-text', '-'], { input: pdf })
    .toString()
    .replace(/^(\s*[A-Z][A-Za-z0-9]*)(?: \(block\)|:)$/gm, '$1');
/** The element types of the tree in document order. */
const elements = (tree: string) =>
  tree
    .split('\n')
    .filter((line) => /^\s*[A-Z][A-Za-z0-9]*$/.test(line))
    .map((line) => line.trim());

const marksInput = (name: string, answer: string) => ({
  institution: 'Kendriya Vidyalaya',
  batch: 'Class 7',
  assessment: 'Unit Test 1',
  questionCount: 1,
  studentCount: 1,
  participantCount: 1,
  startDate: '02-03-2026',
  totalMarks: 1,
  averagePercentage: '100.00',
  table: {
    header: ['Sl No', 'Name', 'Q1', 'Scored', '%', 'Assessor', 'No. Files'],
    answers: ['', 'Correct answers', 'A', '', '', '', ''],
    body: [['1', name, answer, '1', '100.00', '', '0']],
  },
  wrong: [[false]],
});
const marksReport = (name: string, answer: string) => TABLE_TEMPLATES.marksReport(marksInput(name, answer));

describe('the marks report PDF', () => {
  it("draws a student's name and answer in the font of their script", async () => {
    const pdf = await renderTablePdf(marksReport('ਹਰਪ੍ਰੀਤ ਕੌਰ', 'उत्तर'));
    const fonts = execFileSync('/usr/bin/pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/NotoSansGurmukhi-Regular/);
    expect(fonts).toMatch(/NotoSansDevanagari-Regular/);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    expect(text).toContain('Unit Test 1');
  });

  it('embeds no font when every text is Latin', async () => {
    const fonts = execFileSync('/usr/bin/pdffonts', ['-'], {
      input: await renderTablePdf(marksReport('Ravi', 'A')),
    });
    expect(fonts.toString()).not.toMatch(/Noto/);
  });

  it('keeps a multiple-choice answer such as A|C on one line beside long written answers', async () => {
    const text = 'A full, well-argued answer that takes several lines of the column.';
    const pdf = await renderTablePdf(
      TABLE_TEMPLATES.marksReport({
        institution: 'Greenwood High School',
        batch: 'Class 10 A',
        assessment: 'Real Numbers Test',
        questionCount: 5,
        studentCount: 2,
        participantCount: 2,
        startDate: '22-11-2026 | 12:45 PM',
        totalMarks: 12,
        averagePercentage: '68.75',
        table: {
          header: ['Sl No', 'Name', 'Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Scored', '%', 'Assessor', 'No. Files'],
          answers: ['', 'Correct answers', 'B', 'A|B|D', 'B', '', '', '', '', '', ''],
          body: [
            ['1', 'Aditya Kulkarni', 'B', 'A|C', 'A', text, '4', '10', '83.33', 'Anita Sharma', '1'],
            ['2', 'Ananya Reddy', 'B', 'A|B|D', 'A', text, '5', '11', '91.67', 'Anita Sharma', '1'],
          ],
        },
        wrong: [
          [false, true, true, false, false],
          [false, false, true, false, false],
        ],
      }),
    );
    const lines = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
      .toString()
      .split('\n');
    // A row's first line starts with its Sl No; the right answers' with 'Correct'.
    const firstLine = (start: RegExp) => lines.find((line) => start.test(line)) ?? '';
    expect(firstLine(/^1\s/)).toMatch(/\sA\|C\s/);
    expect(firstLine(/^2\s/)).toMatch(/\sA\|B\|D\s/);
    expect(firstLine(/^\s+Correct/)).toMatch(/\sA\|B\|D\s/);
  });
});

describe('the documents as a screen reader reads them (tagged PDF)', () => {
  const studentList = () =>
    renderTablePdf(
      TABLE_TEMPLATES.studentList({
        institution: 'Greenwood High School',
        academicYear: '2026-27',
        batch: 'Class 10 A',
        students: Array.from({ length: 120 }, (_, index) => ({
          name: `Student ${index + 1}`,
          dateOfBirth: '02-03-2012',
          prn: `PRN${index + 1}`,
          username: `student${index + 1}`,
          archived: false,
        })),
      }),
    );

  it('names its language and title, and shows the title rather than the file name', async () => {
    const pdf = await studentList();
    const info = execFileSync('/usr/bin/pdfinfo', ['-'], { input: pdf }).toString();
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Greenwood High School - List of Students - Class 10 A$/m);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Lang \(en\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
  });

  it('reads the list as headings and one table of column headers and rows, on every page', async () => {
    const pdf = await studentList();
    const tree = tagTree(pdf);
    expect(elements(tree).slice(0, 6)).toEqual(['Document', 'H1', 'H2', 'P', 'P', 'Table']);
    expect(tree).toMatch(/H1\n\s+"Greenwood High School"/);
    expect(tree).toMatch(/H2\n\s+"List of Students - Class 10 A"/);
    // One head (the header drawn again on later pages is only for the eye), every row in the body.
    expect(elements(tree).filter((type) => type === 'THead')).toHaveLength(1);
    expect(elements(tree).filter((type) => type === 'TH')).toHaveLength(6);
    expect(tree.match(/TH\n\s+\/Scope \/Column\n\s+"Sl No\."/g)).toHaveLength(1);
    expect(elements(tree).filter((type) => type === 'TR')).toHaveLength(121);
    expect(tree).toMatch(/TR\n\s+TD\n\s+"120"\n\s+TD\n\s+"Student 120"/);
    // The page numbers are artifacts, not text of the document.
    expect(tree).not.toMatch(/"\d+ \/ \d+"/);
  });

  it("reads the marks report's right answers as header cells and its rows as data cells", async () => {
    const tree = tagTree(await renderTablePdf(marksReport('Ravi', 'B')));
    expect(elements(tree).slice(0, 2)).toEqual(['Document', 'H1']);
    expect(tree).toMatch(/H2\n\s+"Assessment Marks Report - Unit Test 1"/);
    expect(tree).toMatch(/THead\n\s+TR\n(\s+.*\n){3}\s+TH\n\s+\/Scope \/Column\n\s+"Name"/);
    expect(tree).toMatch(/TH\n\s+\/Scope \/Column\n\s+"Correct answers"/);
    expect(tree).toMatch(/TBody\n\s+TR\n\s+TD\n\s+"1"\n\s+TD\n\s+"Ravi"\n\s+TD\n\s+"B"/);
  });

  it('reads a document without rows as its headings and the text that says so', async () => {
    const empty = TABLE_TEMPLATES.marksReport({
      ...marksInput('Ravi', 'A'),
      table: { header: ['Sl No', 'Name', 'Q1'], answers: ['', 'Correct answers', 'A'], body: [] },
      wrong: [],
    });
    const tree = tagTree(await renderTablePdf(empty));
    expect(elements(tree)).not.toContain('Table');
    expect(tree).toMatch(/P\n\s+"No Submission"/);
  });
});
