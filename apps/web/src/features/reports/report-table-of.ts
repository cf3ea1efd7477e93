import {
  batchAttendanceTable,
  liveClassTable,
  type ReportTable,
  topicAttendanceTable,
  weeklyAttendanceTable,
} from '@portal/shared/report-tables';
import type {
  BatchAttendanceReport,
  LiveClassReport,
  TopicAttendanceReport,
  WeeklyAttendanceReport,
} from '@portal/shared/schemas/reports';
import type { ReportKind } from './report-kinds';

/** The answer of each report type of /reports. */
export interface ReportOfKind {
  topic: TopicAttendanceReport;
  batch: BatchAttendanceReport;
  week: WeeklyAttendanceReport;
  live: LiveClassReport;
  subject: BatchAttendanceReport;
}

/** The table of a report of /reports: the one its PDF and CSV hold. */
export function tableOf<Kind extends ReportKind>(kind: Kind, report: ReportOfKind[Kind]): ReportTable {
  switch (kind) {
    case 'topic':
      return topicAttendanceTable(report as TopicAttendanceReport);
    case 'week':
      return weeklyAttendanceTable(report as WeeklyAttendanceReport);
    case 'live':
      return liveClassTable(report as LiveClassReport);
    default:
      return batchAttendanceTable(report as BatchAttendanceReport);
  }
}
