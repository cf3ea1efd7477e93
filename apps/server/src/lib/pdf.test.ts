import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PDF_TEMPLATES, renderPdf } from './pdf.js';

const marksReport = (name: string, answer: string) =>
  PDF_TEMPLATES.marksReport({
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
    textQuestions: [false],
  });

describe('the marks report PDF', () => {
  it("draws a student's name and answer in the font of their script", async () => {
    const pdf = await renderPdf(marksReport('ਹਰਪ੍ਰੀਤ ਕੌਰ', 'उत्तर'));
    const fonts = execFileSync('/usr/bin/pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/NotoSansGurmukhi-Regular/);
    expect(fonts).toMatch(/NotoSansDevanagari-Regular/);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    expect(text).toContain('Unit Test 1');
  });

  it('embeds no font when every text is Latin', async () => {
    const fonts = execFileSync('/usr/bin/pdffonts', ['-'], {
      input: await renderPdf(marksReport('Ravi', 'A')),
    });
    expect(fonts.toString()).not.toMatch(/Noto/);
  });

  it('keeps a multiple-choice answer such as A|C on one line beside long written answers', async () => {
    const text = 'A full, well-argued answer that takes several lines of the column.';
    const pdf = await renderPdf(
      PDF_TEMPLATES.marksReport({
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
        textQuestions: [false, false, false, true, false],
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
