import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import pdfmake from 'pdfmake';
import type { Content, ContentText, TDocumentDefinitions } from 'pdfmake/interfaces';
import { NOTO_FAMILIES, notoFamilyFor, notoFontPath } from './pdf-fonts.js';

// The PDF standard fonts need no font files; a text they cannot draw is drawn in the Noto Sans of
// its script (lib/pdf-fonts.ts). No document of ours loads anything from outside: every URL is
// refused, and of local paths only the Noto font files. pdfmake passes font names through the
// local-file policy too, so the standard fonts' names (built into pdfkit) are let through.
const STANDARD_FONTS = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const notoFonts = Object.fromEntries(
  NOTO_FAMILIES.map((family) => {
    const regular = notoFontPath(family, 'regular');
    const bold = notoFontPath(family, 'bold');
    return [family, { normal: regular, bold, italics: regular, bolditalics: bold }];
  }),
);
const allowedFonts = new Set<string>(
  [STANDARD_FONTS, ...Object.values(notoFonts)].flatMap((family) => Object.values(family)),
);
pdfmake.setFonts({ Helvetica: STANDARD_FONTS, ...notoFonts });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowedFonts.has(path));

/** A text node in the font that has its characters (the document's Helvetica by default). */
function inFont(text: string, style: Omit<ContentText, 'text'> = {}): ContentText {
  const font = notoFamilyFor(text);
  return font === null ? { text, ...style } : { text, font, ...style };
}

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
      inFont(heading.institution, { fontSize: 16, bold: true }),
      inFont(heading.title, { fontSize: 13, margin: [0, 4, 0, 2] }),
      ...heading.lines.map((line) => inFont(line, { color: '#555555' })),
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
    /** The table as the screen and the CSV have it: the header, the right answers, the rows. */
    table: { header: string[]; answers: string[]; body: string[][] };
    /** Per row, per question: whether the answer is wrong (shown in red). */
    wrong: boolean[][];
    /**
     * Per question: whether its answers are written text, which wraps. The others are letters
     * (A|C) or marks, kept on one line: pdfmake would break 'A|C' after the bar to narrow the column.
     */
    textQuestions: boolean[];
  }) {
    // The question columns follow Sl No and Name.
    const cell = (text: string, column: number, style: Omit<ContentText, 'text'>) =>
      inFont(
        text,
        column >= 2 && data.textQuestions[column - 2] === false ? { noWrap: true, ...style } : style,
      );
    const document = frame(
      {
        institution: data.institution,
        title: formatMessage(LABELS.docMarksTitle, { assessment: data.assessment }),
        lines: [
          formatMessage(LABELS.docMarksBatch, { batch: data.batch }),
          formatMessage(LABELS.docMarksAssessment, { assessment: data.assessment }),
          formatMessage(LABELS.docMarksQuestions, { count: String(data.questionCount) }),
          formatMessage(LABELS.docMarksStudents, {
            students: String(data.studentCount),
            participants: String(data.participantCount),
          }),
          formatMessage(LABELS.docMarksStart, { date: data.startDate }),
          formatMessage(LABELS.docMarksTotals, {
            total: String(data.totalMarks),
            average: data.averagePercentage,
          }),
        ],
      },
      data.table.body.length === 0
        ? [{ text: MESSAGES.noSubmission, italics: true }]
        : [
            {
              table: {
                headerRows: 2,
                widths: [
                  24,
                  '*',
                  ...Array.from({ length: data.questionCount }, () => 'auto' as const),
                  34,
                  34,
                  60,
                  28,
                ],
                body: [
                  data.table.header.map((text, column) =>
                    cell(text, column, { bold: true, fillColor: '#eef2f7' }),
                  ),
                  data.table.answers.map((text, column) =>
                    cell(text, column, { italics: true, fillColor: '#f6f8fa' }),
                  ),
                  ...data.table.body.map((row, index) =>
                    row.map((text, column) =>
                      cell(text, column, data.wrong[index]?.[column - 2] ? { color: '#c92a2a' } : {}),
                    ),
                  ),
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
