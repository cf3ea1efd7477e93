import { formatMessage, LABELS, MESSAGES, REPORT_PDF_MAX_ROWS, type ReportTable } from '@portal/shared';
import { badRequest } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';

export {
  batchAttendanceTable,
  liveClassTable,
  type ReportTable,
  teacherReportTable,
  topicAttendanceTable,
  topicReportTable,
  weeklyAttendanceTable,
} from '@portal/shared';

/** One section: its header and rows. Several: each under a line with its heading, a blank line between. */
export function tableCsv(table: ReportTable) {
  const lines =
    table.sections.length === 1
      ? [table.sections[0]!.headers, ...table.sections[0]!.rows]
      : table.sections.flatMap((section, index) => [
          ...(index > 0 ? [[]] : []),
          [section.heading ?? ''],
          section.headers,
          ...section.rows,
        ]);
  return { csv: toCsv(lines), filename: `${table.filename}.csv` };
}

export async function tablePdf(table: ReportTable) {
  const rows = table.sections.reduce((sum, section) => sum + section.rows.length, 0);
  if (rows > REPORT_PDF_MAX_ROWS) {
    throw badRequest(formatMessage(MESSAGES.reportPdfTooLong, { max: String(REPORT_PDF_MAX_ROWS) }));
  }
  const pdf = await renderPdfTemplate('table', {
    institution: table.institution,
    title: table.title,
    lines: table.lines,
    sections: table.sections,
    emptyText: LABELS.reportNoRows,
  });
  return { pdf, filename: `${table.filename}.pdf` };
}
