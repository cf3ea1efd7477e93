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

function table(headers: string[], rows: string[][], widths: (string | number)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [headers.map((text) => ({ text, bold: true, fillColor: '#eef2f7' })), ...rows],
    },
    layout: 'lightHorizontalLines',
  };
}

/** A session report: its heading lines, the table, and the text shown when the table is empty. */
interface SessionTableData {
  institution: string;
  title: string;
  lines: string[];
  header: string[];
  rows: string[][];
  empty: string;
}

/** The named document templates of the portal. */
export const PDF_TEMPLATES = {
  /** Student list: students with date of birth (DD-MM-YYYY), institution, academic year, batch. */
  studentList(data: {
    institution: string;
    academicYear: string;
    batch: string;
    students: { name: string; dateOfBirth: string; prn: string; username: string; archived: boolean }[];
  }) {
    return frame(
      {
        institution: data.institution,
        title: `List of Students - ${data.batch}`,
        lines: [`Academic Year: ${data.academicYear}`, `Students: ${data.students.length}`],
      },
      [
        table(
          ['Sl No.', 'Name', 'Date of Birth', 'PRN', 'User Name', 'Status'],
          data.students.map((student, index) => [
            String(index + 1),
            student.name,
            student.dateOfBirth,
            student.prn,
            student.username,
            student.archived ? 'Archived' : 'Active',
          ]),
          [32, '*', 70, 70, 80, 50],
        ),
      ],
    );
  },

  facultyList(data: {
    institution: string;
    academicYear: string;
    faculty: {
      name: string;
      designation: string;
      email: string;
      mobile: string;
      username: string;
      archived: boolean;
    }[];
  }) {
    return frame(
      {
        institution: data.institution,
        title: 'Faculty List',
        lines: [`Academic Year: ${data.academicYear}`, `Faculty: ${data.faculty.length}`],
      },
      [
        table(
          ['Sl No.', 'Name', 'Designation', 'E-mail', 'Mobile', 'User Name', 'Status'],
          data.faculty.map((member, index) => [
            String(index + 1),
            member.name,
            member.designation,
            member.email,
            member.mobile,
            member.username,
            member.archived ? 'Archived' : 'Active',
          ]),
          [32, '*', 60, 90, 60, 60, 40],
        ),
      ],
    );
  },

  /** Sign-in details after a bulk import or reset: each password is shown only on this sheet. */
  credentials(data: {
    institution: string;
    title: string;
    accounts: { name: string; username: string; password: string }[];
  }) {
    return frame(
      {
        institution: data.institution,
        title: data.title,
        lines: ['Hand each person their line. The password must be changed at the first sign-in.'],
      },
      [
        table(
          ['Sl No.', 'Name', 'User Name', 'Password'],
          data.accounts.map((account, index) => [
            String(index + 1),
            account.name,
            account.username,
            account.password,
          ]),
          [32, '*', 120, 100],
        ),
      ],
    );
  },

  /**
   * A moderator's report (management §2 "Reports", decision 31): the heading lines, then its
   * tables exactly as the screen shows them (one per section, e.g. per batch, each under its
   * heading); a table of more than six columns is laid out in landscape.
   */
  reportTable(data: {
    institution: string;
    title: string;
    lines: string[];
    sections: { heading: string | null; headers: string[]; rows: string[][] }[];
    emptyText: string;
  }) {
    const columns = Math.max(0, ...data.sections.map((section) => section.headers.length));
    const body: Content[] = data.sections.every((section) => section.rows.length === 0)
      ? [{ text: data.emptyText, italics: true }]
      : data.sections.flatMap((section) => [
          ...(section.heading
            ? [{ text: section.heading, bold: true, margin: [0, 8, 0, 4] } as Content]
            : []),
          {
            ...(table(section.headers, section.rows, [
              24,
              ...section.headers.slice(1).map(() => '*'),
            ]) as object),
            fontSize: columns > 6 ? 8 : 9,
          } as Content,
        ]);
    const document = frame({ institution: data.institution, title: data.title, lines: data.lines }, body);
    return { ...document, pageOrientation: columns > 6 ? 'landscape' : 'portrait' } as TDocumentDefinitions;
  },

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

  /**
   * Live sessions of a date range (management §2 `/onlinesessions/reports`, decision 32): each
   * session with batch, subject, teacher, start, end, invited, attended and absent.
   */
  sessionsReport(data: SessionTableData) {
    const document = frame({ institution: data.institution, title: data.title, lines: data.lines }, [
      data.rows.length === 0
        ? { text: data.empty, italics: true }
        : { stack: [table(data.header, data.rows, [20, '*', 50, 60, 60, 62, 62, 30, 36, 30])], fontSize: 7 },
    ]);
    return { ...document, pageOrientation: 'landscape' } as TDocumentDefinitions;
  },

  /**
   * One live session's attendance (management §2 `/onlinesession/report`, decision 32): each
   * invited student with Attended / Not Attended, first join, last leave and minutes present.
   */
  sessionAttendance(data: SessionTableData) {
    return frame({ institution: data.institution, title: data.title, lines: data.lines }, [
      data.rows.length === 0
        ? { text: data.empty, italics: true }
        : { stack: [table(data.header, data.rows, [24, '*', 60, 60, 80, 80, 50])], fontSize: 8 },
    ]);
  },
} as const;

export function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
}
