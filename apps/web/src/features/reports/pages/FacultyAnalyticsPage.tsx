import '@mantine/dates/styles.css';
import { Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS } from '@portal/shared/messages';
import { DATE_FORMAT, DATE_RANGE_SEPARATOR } from '@portal/shared/time';
import { IconCalendar, IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { teacherReportPath, useTeacherReport } from '../api';
import { ReportDownloads } from '../components/ReportDownloads';
import { FACULTY_COLUMNS, type FacultyColumn, type SortOrder, sortFacultyRows } from '../faculty-sort';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const HEADERS: Record<FacultyColumn, string> = {
  name: LABELS.reportFacultyName,
  topics_count: LABELS.reportTopicsCount,
  doubts_count: LABELS.reportDoubtsCount,
  doubts_answered: LABELS.reportDoubtsAnswered,
  online_session_count: LABELS.reportOnlineSessions,
};

/**
 * /faculty/reports (Faculty Analytics, moderators; decision 17): per faculty member, topics,
 * doubts, doubts answered and online sessions within a range (by default the academic year, as the
 * server answers without one), sortable by any column; Pdf and CSV. Range and sort live in the
 * address.
 */
export function FacultyAnalyticsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const range = from && to ? { from, to } : {};
  const sort = FACULTY_COLUMNS.find((column) => column === params.get('sort')) ?? 'name';
  const order: SortOrder = params.get('order') === 'desc' ? 'desc' : 'asc';
  const report = useTeacherReport(range);
  const path = teacherReportPath(range);

  const sortBy = (column: FacultyColumn) =>
    patchParams(
      { sort: column === 'name' ? null : column, order: column === sort && order === 'asc' ? 'desc' : null },
      { replace: true },
    );

  let content = null;
  if (report.isPending) content = <Loading />;
  else if (report.isError) {
    content = <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  } else if (report.data.result.length === 0) content = <EmptyNote text={LABELS.reportNoRows} />;
  else {
    const rows = sortFacultyRows(report.data.result, sort, order);
    content = (
      <Table.ScrollContainer minWidth={620}>
        <Table striped highlightOnHover verticalSpacing="xs" data-report-table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{LABELS.reportSlNo}</Table.Th>
              {FACULTY_COLUMNS.map((column) => {
                const Icon =
                  column !== sort ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
                return (
                  <Table.Th
                    key={column}
                    ta={column === 'name' ? undefined : 'right'}
                    aria-sort={column === sort ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton
                      onClick={() => sortBy(column)}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                    >
                      {HEADERS[column]}
                      <Icon size={14} aria-hidden />
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.faculty_id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.topics_count}</Table.Td>
                <Table.Td ta="right">{row.doubts_count}</Table.Td>
                <Table.Td ta="right">{row.doubts_answered}</Table.Td>
                <Table.Td ta="right">{row.online_session_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const shown = report.data ? ([report.data.from, report.data.to] as [string, string]) : null;
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.facultyAnalyticsTitle }]} />
      <PageHeader
        title={LABELS.facultyAnalyticsTitle}
        actions={<ReportDownloads path={path} disabled={!report.isSuccess} />}
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <DatePickerInput
          type="range"
          label={`${LABELS.reportFrom} ${DATE_RANGE_SEPARATOR} ${LABELS.reportTo}`}
          placeholder={LABELS.reportDatePlaceholder}
          value={from && to ? [from, to] : (shown ?? [null, null])}
          valueFormat={DATE_FORMAT}
          labelSeparator={DATE_RANGE_SEPARATOR}
          allowSingleDateInRange
          onChange={([start, end]) => {
            if (start && end) patchParams({ from: start, to: end }, { replace: true });
          }}
          leftSection={<IconCalendar size={16} />}
          w={{ base: '100%', xs: 280 }}
          mb="md"
        />
        {report.data?.academic_year && (
          <Text size="xs" c="dimmed" mb="xs">
            {report.data.institution_name} · {report.data.academic_year}
          </Text>
        )}
        {content}
      </Paper>
    </>
  );
}
