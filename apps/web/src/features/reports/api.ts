import type { TeacherReport, TopicReport } from '@portal/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';
import { pageUrl } from '../../lib/paged-list';
import { downloadPath } from './report-kinds';

const reportKeys = {
  report: (path: string) => ['reports', path] as const,
};

/** A report by its API path (`report-kinds.ts`); nothing is asked for while the path is null. */
export function useReport<Report>(path: string | null) {
  return useQuery({
    queryKey: reportKeys.report(path ?? ''),
    queryFn: ({ signal }) => api<Report>(path!, { signal }),
    enabled: path !== null,
  });
}

/** The report's PDF or CSV (decision 31: the table the screen shows). */
export const downloadReport = (path: string, kind: 'pdf' | 'csv') =>
  downloadFromApi(downloadPath(path, kind), { fallbackName: `report.${kind}` });

export const topicReportPath = (topicId: string, batchId: string) =>
  pageUrl(`/cwx/get-json-report/topic/${encodeURIComponent(topicId)}`, { batch_id: batchId });

export const useTopicReport = (topicId: string | null, batchId: string) =>
  useReport<TopicReport>(topicId ? topicReportPath(topicId, batchId) : null);

/** The faculty report; without a range the server answers the academic year. */
export const teacherReportPath = (range: { from?: string; to?: string }) =>
  pageUrl('/cwx/get-teacher-report', range);

export const useTeacherReport = (range: { from?: string; to?: string }) =>
  useReport<TeacherReport>(teacherReportPath(range));
