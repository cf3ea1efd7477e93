import { formatMessage, LABELS, MESSAGES } from '@portal/shared';
import type { TablePdfData, TableSection } from './pdf-table.js';

// The portal's documents, each a heading and tables, drawn by lib/pdf-table.ts as tagged PDFs (a
// 5,000-row import's sign-in sheet in well under a second).

const only = (headers: string[], rows: string[][]): TableSection[] => [{ heading: null, headers, rows }];
const numbered = (rows: string[][]) => rows.map((row, index) => [String(index + 1), ...row]);
const status = (archived: boolean) => (archived ? LABELS.docArchived : LABELS.docActive);
const academicYear = (year: string) => formatMessage(LABELS.docAcademicYear, { year });

/** A session report: its heading lines, the table, and the text shown when the table is empty. */
interface SessionTableData {
  institution: string;
  title: string;
  lines: string[];
  header: string[];
  rows: string[][];
  empty: string;
}

const sessionTable = (data: SessionTableData): TablePdfData => ({
  institution: data.institution,
  title: data.title,
  lines: data.lines,
  sections: only(data.header, data.rows),
  emptyText: data.empty,
});

export const TABLE_TEMPLATES = {
  /** A report's tables as built by @portal/shared's report-tables (decision 31). */
  table: (data: TablePdfData): TablePdfData => data,

  /** Student list: students with date of birth (DD-MM-YYYY), institution, academic year, batch. */
  studentList(data: {
    institution: string;
    academicYear: string;
    batch: string;
    students: { name: string; dateOfBirth: string; prn: string; username: string; archived: boolean }[];
  }): TablePdfData {
    return {
      institution: data.institution,
      title: formatMessage(LABELS.docStudentListTitle, { batch: data.batch }),
      lines: [
        academicYear(data.academicYear),
        formatMessage(LABELS.docStudentCount, { count: String(data.students.length) }),
      ],
      sections: only(
        [
          LABELS.slNo,
          LABELS.name,
          LABELS.fieldDateOfBirth,
          LABELS.fieldPrn,
          LABELS.docUserName,
          LABELS.docStatus,
        ],
        numbered(
          data.students.map((student) => [
            student.name,
            student.dateOfBirth,
            student.prn,
            student.username,
            status(student.archived),
          ]),
        ),
      ),
    };
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
  }): TablePdfData {
    return {
      institution: data.institution,
      title: LABELS.facultyListTitle,
      lines: [
        academicYear(data.academicYear),
        formatMessage(LABELS.docFacultyCount, { count: String(data.faculty.length) }),
      ],
      sections: only(
        [
          LABELS.slNo,
          LABELS.name,
          LABELS.fieldDesignation,
          LABELS.fieldEmail,
          LABELS.fieldMobile,
          LABELS.docUserName,
          LABELS.docStatus,
        ],
        numbered(
          data.faculty.map((member) => [
            member.name,
            member.designation,
            member.email,
            member.mobile,
            member.username,
            status(member.archived),
          ]),
        ),
      ),
    };
  },

  /** Sign-in details after a bulk import or reset: each password is shown only on this sheet. */
  credentials(data: {
    institution: string;
    title: string;
    accounts: { name: string; username: string; password: string }[];
  }): TablePdfData {
    return {
      institution: data.institution,
      title: data.title,
      lines: [LABELS.docCredentialsHint],
      sections: only(
        [LABELS.slNo, LABELS.name, LABELS.docUserName, LABELS.docPassword],
        numbered(data.accounts.map((account) => [account.name, account.username, account.password])),
      ),
    };
  },

  /**
   * Live sessions of a date range (management §2 `/onlinesessions/reports`, decision 32): each
   * session with batch, subject, teacher, start, end, invited, attended and absent.
   */
  sessionsReport: sessionTable,

  /**
   * One live session's attendance (management §2 `/onlinesession/report`, decision 32): each
   * invited student with Attended / Not Attended, first join, last leave and minutes present.
   */
  sessionAttendance: sessionTable,

  /**
   * Assessment marks report (learning §2, §8): batch, assessment, question count, overall and
   * participating students, start date, total marks, average percentage and institution; the
   * table with the right answers under the header and wrong answers in red (and bold, and read
   * out as wrong), "No Submission" without any.
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
    /** Per row, per question: whether the answer is wrong. */
    wrong: boolean[][];
  }): TablePdfData {
    return {
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
      sections: [
        {
          heading: null,
          headers: data.table.header,
          subheaders: [data.table.answers],
          rows: data.table.body,
          // The question columns follow Sl No and Name.
          marked: data.wrong.map((row) => ['', '', ...row].map((cell) => cell === true)),
        },
      ],
      emptyText: MESSAGES.noSubmission,
    };
  },
} as const;
