import '@mantine/core/styles/Combobox.css';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { topicReportTable } from '@portal/shared/report-tables';
import { REPORT_ALL_BATCHES } from '@portal/shared/schemas/reports';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useBatchOptions } from '../../subjects/api';
import { topicDetailPath } from '../../topics/links';
import { topicReportPath, useTopicReport } from '../api';
import { MinutesChart } from '../components/MinutesChart';
import { ReportDownloads } from '../components/ReportDownloads';
import { ReportTableView } from '../components/ReportTableView';

/** What VIEW REPORT hands over in the navigation state (the address has the same ids). */
interface TopicReportState {
  topicId?: string;
  currentBatch?: { _id?: string };
  currentSubject?: { _id?: string };
  currentTopic?: { chapter_id?: string };
}

/**
 * /topic/reports (moderators; from a topic's VIEW REPORT): every student learning the topic with
 * Viewed / Not Viewed, minutes (2 decimals) and the last view (decision 32), a bar chart of the
 * minutes, Pdf and CSV. `?topic=&batch=` (and the way back: `subject`, `chapter`) make it
 * reloadable; the navigation state fills them when the address lacks them.
 */
export function TopicReportPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const state = (useLocation().state ?? {}) as TopicReportState;
  const topicId = params.get('topic') ?? state.topicId ?? null;
  const batchId = params.get('batch') ?? state.currentBatch?._id ?? REPORT_ALL_BATCHES;
  const batchSubjectId = params.get('subject') ?? state.currentSubject?._id ?? null;
  const chapterId = params.get('chapter') ?? state.currentTopic?.chapter_id ?? null;
  const batches = useBatchOptions();
  const report = useTopicReport(topicId, batchId);

  if (!topicId) return <EmptyNote text={MESSAGES.notFound} />;
  const path = topicReportPath(topicId, batchId);
  const data = report.data;
  const detail =
    batchId !== REPORT_ALL_BATCHES && batchSubjectId && chapterId
      ? topicDetailPath(batchId, batchSubjectId, chapterId, topicId)
      : undefined;

  let content = null;
  if (report.isPending) content = <Loading />;
  else if (report.isError) {
    content = <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  } else if (data) {
    const table = topicReportTable(data);
    content = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed" data-report-lines>
          {table.lines.join('  ·  ')}
        </Text>
        <MinutesChart report={data} />
        <ReportTableView table={table} />
      </Stack>
    );
  }

  return (
    <>
      <PageBreadcrumb
        crumbs={[
          ...(data ? [{ label: data.subject_title }, { label: data.topic_title, to: detail }] : []),
          { label: LABELS.topicReportTitle },
        ]}
      />
      <PageHeader
        title={data ? `${LABELS.topicReportTitle} - ${data.topic_title}` : LABELS.topicReportTitle}
        actions={<ReportDownloads path={path} disabled={!report.isSuccess} />}
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <Select
            label={LABELS.reportBatch}
            data={[
              { value: REPORT_ALL_BATCHES, label: LABELS.reportAllBatches },
              ...(batches.data ?? []).map((batch) => ({
                value: batch._id,
                label: `${batch.title} (${batch.academic_year})`,
              })),
            ]}
            value={batchId}
            onChange={(next) => next && patchParams({ topic: topicId, batch: next }, { replace: true })}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        {content}
      </Paper>
    </>
  );
}
