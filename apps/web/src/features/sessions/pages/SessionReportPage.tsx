import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { DATE_RANGE_SEPARATOR } from '@portal/shared/time';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { downloadSessionReport, useSessionReport } from '../api';
import { DownloadButtons } from '../components/DownloadButtons';
import { SESSIONS_REPORTS_PATH } from '../links';
import { reportMinutes, reportTime } from '../report-format';

/**
 * /onlinesession/report?session=<id> (moderators): one session's invited students with Attended /
 * Not Attended, first join, last leave and minutes present (decision 32); PDF and CSV of the same.
 */
export function SessionReportPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session');
  const report = useSessionReport(sessionId);
  const crumbs = [
    { label: LABELS.sessionsReportTitle, to: SESSIONS_REPORTS_PATH },
    { label: report.data?.session.title ?? LABELS.sessionReportTitle },
  ];
  if (!sessionId) return <NotAvailable />;
  if (report.isPending) return <Loading />;
  if (report.isError) {
    if (isNotAvailable(report.error)) return <NotAvailable />;
    return <LoadFailed message={errorMessage(report.error)} retry={() => report.refetch()} />;
  }
  const { session, students } = report.data;
  return (
    <>
      <PageBreadcrumb crumbs={crumbs} />
      <PageHeader
        title={LABELS.sessionReportTitle}
        actions={<DownloadButtons download={(kind) => downloadSessionReport(sessionId, kind)} />}
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap={2} mb="md">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {session.title}
          </Title>
          <Text size="sm" c="dimmed">
            {session.batch_title} · {session.subject_title} · {session.author_name}
          </Text>
          <Text size="sm" c="dimmed">
            {reportTime(session.start_time, report.data.time_zone)} {DATE_RANGE_SEPARATOR}{' '}
            {reportTime(session.end_time, report.data.time_zone)}
          </Text>
          <Text size="sm" fw={500}>
            {formatMessage(LABELS.sessionReportSummary, {
              invited: String(report.data.invited),
              attended: String(report.data.attended),
              absent: String(report.data.absent),
            })}
          </Text>
        </Stack>
        {students.length === 0 ? (
          <EmptyNote text={LABELS.sessionReportEmpty} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{LABELS.sessionColStudent}</Table.Th>
                  <Table.Th>{LABELS.sessionColBatch}</Table.Th>
                  <Table.Th>{LABELS.sessionColStatus}</Table.Th>
                  <Table.Th>{LABELS.sessionColFirstJoin}</Table.Th>
                  <Table.Th>{LABELS.sessionColLastLeave}</Table.Th>
                  <Table.Th ta="right">{LABELS.sessionColMinutes}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {students.map((row) => (
                  <Table.Tr key={row.student_id}>
                    <Table.Td>{row.student_name}</Table.Td>
                    <Table.Td>{row.batch_title}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.attendance === 'Attended' ? 'teal' : 'gray'}>
                        {row.attendance === 'Attended' ? LABELS.sessionAttended : LABELS.sessionNotAttended}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {reportTime(row.first_join, report.data.time_zone)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {reportTime(row.last_leave, report.data.time_zone)}
                    </Table.Td>
                    <Table.Td ta="right">{reportMinutes(row.minutes_present)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
