import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS } from '@portal/shared/messages';
import { REPORT_ALL_BATCHES } from '@portal/shared/schemas/reports';
import { DATE_FORMAT } from '@portal/shared/time';
import { IconCalendar } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useDefaultSearchParam, usePatchSearchParams } from '../../../lib/search-params';
import { useRequiredAccount } from '../../../lib/session';
import { useInstitutionToday } from '../../../lib/time-zone';
import { useBatchOptions, useBatchSubjects } from '../../subjects/api';
import { useReport } from '../api';
import { ReportDownloads } from '../components/ReportDownloads';
import { ReportTableView } from '../components/ReportTableView';
import { WeekHeatGrid } from '../components/WeekHeatGrid';
import {
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type ReportKind,
  readReportChoice,
  reportApiPath,
} from '../report-kinds';
import { type ReportOfKind, tableOf } from '../report-table-of';

/**
 * /reports (Student Analytics, moderators): a day (DD-MM-YYYY; the institution's today by default), a report type and a batch ('all'
 * by default; the per-subject type takes a batch and one of its subjects), the report's table, and
 * its Pdf and CSV. Every choice lives in the address, so a reload or a shared link shows the same.
 */
export function StudentAnalyticsPage() {
  const account = useRequiredAccount();
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const choice = readReportChoice(params, useInstitutionToday());
  const bySubject = choice.kind === 'subject';
  const batches = useBatchOptions();
  const subjects = useBatchSubjects(bySubject && choice.batch !== REPORT_ALL_BATCHES ? choice.batch : null);
  // The per-subject type is about one batch subject: start from the first batch and its first subject.
  useDefaultSearchParam('batch', bySubject ? batches.data?.[0]?._id : null);
  useDefaultSearchParam('subject', bySubject ? subjects.data?.[0]?._id : null);

  const path = reportApiPath(account.institution_id ?? '', choice);
  const report = useReport<ReportOfKind[ReportKind]>(path);
  const table = report.data ? tableOf(choice.kind, report.data) : null;

  let content = null;
  if (path === null) content = null;
  else if (report.isPending) content = <Loading />;
  else if (report.isError) {
    content = <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  } else if (table) {
    content = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed" data-report-lines>
          {table.lines.join('  ·  ')}
        </Text>
        {choice.kind === 'week' && <WeekHeatGrid report={report.data as ReportOfKind['week']} />}
        <ReportTableView table={table} />
      </Stack>
    );
  }

  const batchOptions = (batches.data ?? []).map((batch) => ({
    value: batch._id,
    label: `${batch.title} (${batch.academic_year})`,
  }));

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.studentAnalyticsTitle }]} />
      <PageHeader
        title={LABELS.studentAnalyticsTitle}
        actions={<ReportDownloads path={path} disabled={!report.isSuccess} />}
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <DatePickerInput
            label={LABELS.reportDate}
            placeholder={LABELS.reportDatePlaceholder}
            value={choice.date}
            valueFormat={DATE_FORMAT}
            onChange={(next) => next && patchParams({ date: next }, { replace: true })}
            leftSection={<IconCalendar size={16} />}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label={LABELS.reportType}
            data={REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_KIND_LABELS[kind] }))}
            value={choice.kind}
            onChange={(next) =>
              next && patchParams({ type: next === 'topic' ? null : next, subject: null }, { replace: true })
            }
            allowDeselect={false}
            // Wide enough for the longest type in every language (Tamil's 'தொகுப்பு வாரியான வருகை').
            w={{ base: '100%', xs: 280 }}
          />
          <Select
            label={LABELS.reportBatch}
            data={
              bySubject
                ? batchOptions
                : [{ value: REPORT_ALL_BATCHES, label: LABELS.reportAllBatches }, ...batchOptions]
            }
            value={bySubject && choice.batch === REPORT_ALL_BATCHES ? null : choice.batch}
            onChange={(next) =>
              patchParams(
                { batch: next === REPORT_ALL_BATCHES ? null : next, subject: null },
                { replace: true },
              )
            }
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          {bySubject && (
            <Select
              label={LABELS.reportSubject}
              data={(subjects.data ?? []).map((subject) => ({
                value: subject._id,
                label: subject.subject_title,
              }))}
              value={choice.batchSubject}
              onChange={(next) => patchParams({ subject: next }, { replace: true })}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          )}
        </Group>
        {content}
      </Paper>
    </>
  );
}
