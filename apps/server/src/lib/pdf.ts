import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

// The PDF standard fonts need no font files. No document of ours loads anything from outside:
// every URL and local path is refused. pdfmake passes font names through the local-file policy
// too, so the standard fonts' names (built into pdfkit, never read from disk) are let through.
const STANDARD_FONTS = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const standardFontNames = new Set<string>(Object.values(STANDARD_FONTS));
pdfmake.setFonts({ Helvetica: STANDARD_FONTS });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => standardFontNames.has(path));

interface Heading {
  institution: string;
  title: string;
  lines: string[];
}

function frame(heading: Heading, body: Content[]): TDocumentDefinitions {
  return {
    info: { title: `${heading.institution} - ${heading.title}` },
    pageSize: 'A4',
    pageMargins: [36, 48, 36, 48],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      { text: heading.institution, fontSize: 16, bold: true },
      { text: heading.title, fontSize: 13, margin: [0, 4, 0, 2] },
      ...heading.lines.map((line) => ({ text: line, color: '#555555' })),
      { text: ' ', margin: [0, 4] },
      ...body,
    ],
    footer: (page, pages) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#777777',
    }),
  };
}

/** The named pdfmake templates of the portal (plain tables are in lib/table-documents.ts). */
export const PDF_TEMPLATES = {
  /**
   * Assessment marks report (learning §2, §8): batch, assessment, question count, overall and
   * participating students, start date, total marks, average percentage and institution; the
   * table with the right answers under the header and wrong answers in red.
   */
  marksReport(data: {
    institution: string;
    batch: string;
    assessment: string;
    questionCount: number;
    studentCount: number;
    participantCount: number;
    startDate: string;
    totalMarks: number;
    averagePercentage: string;
    questions: { label: string; correctAnswer: string }[];
    rows: {
      name: string;
      cells: { text: string; wrong: boolean }[];
      scored: string;
      percentage: string;
      assessor: string;
      files: string;
    }[];
  }) {
    const document = frame(
      {
        institution: data.institution,
        title: `Assessment Marks Report - ${data.assessment}`,
        lines: [
          `Batch: ${data.batch}`,
          `Assessment: ${data.assessment}`,
          `Questions: ${data.questionCount}`,
          `Students: ${data.studentCount}   Participated: ${data.participantCount}`,
          `Start date: ${data.startDate}`,
          `Total marks: ${data.totalMarks}   Average percentage: ${data.averagePercentage}%`,
        ],
      },
      data.rows.length === 0
        ? [{ text: 'No Submission', italics: true }]
        : [
            {
              table: {
                headerRows: 2,
                widths: [24, '*', ...data.questions.map(() => 'auto' as const), 34, 34, 60, 28],
                body: [
                  [
                    'Sl No',
                    'Name',
                    ...data.questions.map((q) => q.label),
                    'Scored',
                    '%',
                    'Assessor',
                    'No. Files',
                  ].map((text) => ({ text, bold: true, fillColor: '#eef2f7' })),
                  ['', 'Correct answers', ...data.questions.map((q) => q.correctAnswer), '', '', '', ''].map(
                    (text) => ({ text, italics: true, fillColor: '#f6f8fa' }),
                  ),
                  ...data.rows.map((row, index) => [
                    String(index + 1),
                    row.name,
                    ...row.cells.map((cell) =>
                      cell.wrong ? { text: cell.text, color: '#c92a2a' } : cell.text,
                    ),
                    row.scored,
                    row.percentage,
                    row.assessor,
                    row.files,
                  ]),
                ],
              },
              layout: 'lightHorizontalLines',
              fontSize: 8,
            },
          ],
    );
    return {
      ...document,
      pageOrientation: data.questionCount > 6 ? 'landscape' : 'portrait',
    } as TDocumentDefinitions;
  },
} as const;

export function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
}
