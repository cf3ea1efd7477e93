import { LABELS } from '@portal/shared/messages';
import { REPORT_ALL_BATCHES } from '@portal/shared/schemas/reports';

/** The report types of /reports (management §2 "Reports"; decision 16), in the dropdown's order. */
export const REPORT_KINDS = ['topic', 'batch', 'week', 'live', 'subject'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  topic: LABELS.reportTypeByTopic,
  batch: LABELS.reportTypeByBatch,
  week: LABELS.reportTypeByWeek,
  live: LABELS.reportTypeLiveClass,
  subject: LABELS.reportTypeBySubject,
};

/** What /reports keeps in its address: `?type=&date=&batch=&subject=`. */
export interface ReportChoice {
  kind: ReportKind;
  /** YYYY-MM-DD. */
  date: string;
  /** A batch id, or 'all'. */
  batch: string;
  /** The per-subject type's batch subject, once picked. */
  batchSubject: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The choice in the address, with the defaults: Attendance By Topic, today, every batch. */
export function readReportChoice(params: URLSearchParams, today: string): ReportChoice {
  const kind = REPORT_KINDS.find((candidate) => candidate === params.get('type')) ?? 'topic';
  const date = params.get('date') ?? '';
  return {
    kind,
    date: DAY.test(date) ? date : today,
    batch: params.get('batch') || REPORT_ALL_BATCHES,
    batchSubject: params.get('subject') || null,
  };
}

const segment = encodeURIComponent;

/**
 * The API path of the chosen report (management §7 "Reports"), or null while the per-subject type
 * has no batch subject yet. Its PDF and CSV are the same path followed by `/pdf` or `/csv`.
 */
export function reportApiPath(institutionId: string, choice: ReportChoice): string | null {
  const institution = segment(institutionId);
  const date = segment(choice.date);
  const batch = `?batch_id=${segment(choice.batch)}`;
  switch (choice.kind) {
    case 'topic':
      return `/cwx/get-daily-json-report/institution/${institution}/date/${date}${batch}`;
    case 'batch':
      return `/cwx/get-daily-json-attendance-by-batch/institution/${institution}/date/${date}${batch}`;
    case 'week':
      return `/cwx/get-daily-json-attendance-by-batch/institution/${institution}/date/${date}/weekly${batch}`;
    case 'live':
      return `/cwx/get-daily-json-report-online/date/${date}${batch}`;
    case 'subject':
      return choice.batchSubject
        ? `/cwx/get-daily-json-attendance-by-subject/institution/${institution}/batch-subject/${segment(choice.batchSubject)}/date/${date}`
        : null;
  }
}

/** A report path's PDF or CSV: the suffix goes before the query string. */
export function downloadPath(path: string, kind: 'pdf' | 'csv'): string {
  const [route, query] = path.split('?');
  return `${route}/${kind}${query ? `?${query}` : ''}`;
}
