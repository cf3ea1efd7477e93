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
});
