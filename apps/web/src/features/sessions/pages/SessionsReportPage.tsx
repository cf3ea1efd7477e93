import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import { Anchor, Badge, Group, Paper, Select, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS } from '@portal/shared/messages';
import { DATE_FORMAT, DATE_RANGE_SEPARATOR } from '@portal/shared/time';
import { IconCalendar } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useInstitutionToday } from '../../../lib/time-zone';
import { useBatchOptions } from '../../subjects/api';
import { downloadSessionsReport, type SessionsReportFilters, useSessionsReport } from '../api';
import { DownloadButtons } from '../components/DownloadButtons';
import { sessionReportPath } from '../links';
import { lastWeek, reportTime } from '../report-format';

const ALL = 'all';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /onlinesessions/reports (moderators): the sessions of a date range, optionally of one batch, with
 * batch, subject, teacher, start, end, invited, attended and absent; each opens its attendance.
 * Range and batch live in the address; PDF and CSV of the same.
 */
export function SessionsReportPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const week = lastWeek(useInstitutionToday());
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : week.from;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : week.to;
  const batches = useBatchOptions();
  const batchId = params.get('batch');
  const filters: SessionsReportFilters = { from, to, ...(batchId ? { batch_id: batchId } : {}) };
  const report = useSessionsReport(filters);
  const rows = report.data?.sessions ?? [];

  let content = null;
  if (report.isPending) content = <Loading />;
  else if (report.isError) {
    content = <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  } else if (rows.length === 0) content = <EmptyNote text={LABELS.sessionsReportEmpty} />;
  else {
    content = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{LABELS.sessionColTitle}</Table.Th>
              <Table.Th>{LABELS.sessionColBatch}</Table.Th>
              <Table.Th>{LABELS.sessionColSubject}</Table.Th>
              <Table.Th>{LABELS.sessionColTeacher}</Table.Th>
              <Table.Th>{LABELS.sessionColStart}</Table.Th>
              <Table.Th>{LABELS.sessionColEnd}</Table.Th>
              <Table.Th ta="right">{LABELS.sessionColInvited}</Table.Th>
              <Table.Th ta="right">{LABELS.sessionColAttended}</Table.Th>
              <Table.Th ta="right">{LABELS.sessionColAbsent}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.session_id}>
                <Table.Td>
                  <Group gap={6} wrap="wrap" miw={140}>
                    <Anchor component={Link} to={sessionReportPath(row.session_id)} size="sm">
                      {row.title}
                    </Anchor>
                    {row.is_custom && (
                      <Badge size="xs" color="grape" variant="light" style={{ flexShrink: 0 }}>
                        {LABELS.sessionCustomBadge}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.batch_title}</Table.Td>
                <Table.Td>{row.subject_title}</Table.Td>
                <Table.Td>{row.teacher}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {reportTime(row.start_time, report.data.time_zone)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {reportTime(row.end_time, report.data.time_zone)}
                </Table.Td>
                <Table.Td ta="right">{row.invited}</Table.Td>
                <Table.Td ta="right">{row.attended}</Table.Td>
                <Table.Td ta="right">{row.absent}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.sessionsReportTitle }]} />
      <PageHeader
        title={LABELS.sessionsReportTitle}
        actions={
          <DownloadButtons
            disabled={!report.isSuccess}
            download={(kind) => downloadSessionsReport(filters, kind)}
          />
        }
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <DatePickerInput
            type="range"
            label={`${LABELS.sessionReportsFrom} ${DATE_RANGE_SEPARATOR} ${LABELS.sessionReportsTo}`}
            value={[from, to]}
            valueFormat={DATE_FORMAT}
            labelSeparator={DATE_RANGE_SEPARATOR}
            allowSingleDateInRange
            onChange={([start, end]) => {
              if (start && end) patchParams({ from: start, to: end }, { replace: true });
            }}
            leftSection={<IconCalendar size={16} />}
            w={{ base: '100%', xs: 280 }}
          />
          <Select
            label={LABELS.sessionReportsBatch}
            data={[
              { value: ALL, label: LABELS.sessionAllBatches },
              ...(batches.data ?? []).map((batch) => ({
                value: batch._id,
                label: `${batch.title} (${batch.academic_year})`,
              })),
            ]}
            value={batchId ?? ALL}
            onChange={(next) => patchParams({ batch: next === ALL ? null : next }, { replace: true })}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        {report.data && (
          <Text size="xs" c="dimmed" mb="xs">
            {report.data.institution_name} · {report.data.time_zone}
          </Text>
        )}
        {content}
      </Paper>
    </>
  );
}
