import '@mantine/core/styles/Combobox.css';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MarksReport } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useDateTimeText } from '../../../lib/time-zone';
import { useBatchOptions } from '../../subjects/api';
import { downloadMarksReport, useBatchAssessments, useMarksReport } from '../api';
import { MarksTable } from '../components/MarksTable';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** What the PDF's header carries too: participants, total marks, average and start. */
function ReportFigures({ report }: { report: MarksReport }) {
  const timeText = useDateTimeText();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="marks-figures">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label={LABELS.marksParticipants}
          value={formatMessage(LABELS.marksParticipantsValue, {
            participants: String(report.participant_count),
            students: String(report.student_count),
          })}
        />
        <Figure label={LABELS.marksTotal} value={String(report.total_marks)} />
        <Figure
          label={LABELS.marksAverage}
          value={formatMessage(LABELS.marksAverageValue, { n: report.average_percentage.toFixed(2) })}
        />
        <Figure label={LABELS.marksStart} value={timeText(report.assessment.start_date)} />
      </SimpleGrid>
    </Paper>
  );
}

/** The Pdf and CSV buttons: the server renders both from the same table. */
function Downloads({ assessmentId }: { assessmentId: string }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadMarksReport(assessmentId, format);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        onClick={() => download('pdf')}
      >
        {LABELS.marksPdf}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        onClick={() => download('csv')}
      >
        {LABELS.marksCsv}
      </Button>
    </>
  );
}

/**
 * /assessment/marks (moderators; learning §2 "Assessment Marks Report"): pick a batch, then one of
 * its assessments; the marks table with Pdf and CSV downloads. Batch and assessment live in the address.
 */
export function MarksReportPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const batchId = params.get('batch');
  const batches = useBatchOptions();
  const assessments = useBatchAssessments(batchId);
  const assessmentParam = params.get('assessment');
  const assessmentId = assessments.data?.some((row) => row._id === assessmentParam) ? assessmentParam : null;
  const report = useMarksReport(assessmentId);

  let content: ReactNode;
  if (!batchId) content = <EmptyNote text={MESSAGES.selectABatch} />;
  else if (assessments.isPending) content = <Loading />;
  else if (assessments.isError)
    content = <LoadFailed message={errorMessage(assessments.error)} retry={() => assessments.refetch()} />;
  else if (assessments.data.length === 0) content = <EmptyNote text={LABELS.marksNoAssessments} />;
  else if (!assessmentId) content = <EmptyNote text={LABELS.marksPickAssessment} />;
  else if (report.isPending) content = <Loading />;
  else if (report.isError)
    content = <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  else
    content = (
      <Stack gap="md">
        <ReportFigures report={report.data} />
        <MarksTable report={report.data} />
      </Stack>
    );

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.marksTitle }]} />
      <PageHeader
        title={LABELS.marksTitle}
        actions={assessmentId && report.isSuccess ? <Downloads assessmentId={assessmentId} /> : undefined}
      />
      <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
        <Select
          label={LABELS.marksBatch}
          placeholder={LABELS.selectBatchPlaceholder}
          data={(batches.data ?? []).map((batch) => ({
            value: batch._id,
            label: `${batch.title} (${batch.academic_year})`,
          }))}
          value={batchId}
          onChange={(next) => patchParams({ batch: next, assessment: null }, { replace: true })}
          disabled={batches.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label={LABELS.marksAssessment}
          placeholder={LABELS.marksPickAssessment}
          data={(assessments.data ?? []).map((row) => ({
            value: row._id,
            label: `${row.title} · ${row.subject_title}`,
          }))}
          value={assessmentId}
          onChange={(next) => patchParams({ assessment: next }, { replace: true })}
          disabled={!batchId || assessments.isPending}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 360 }}
        />
      </Group>
      {content}
    </>
  );
}
