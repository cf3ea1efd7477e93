import { Anchor, Button, Stack, Table, Tabs, Text } from '@mantine/core';
import type { SelfAssessmentResultSummary } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconRefresh } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useDateTimeText } from '../../../lib/time-zone';
import { ExaminationsTab } from '../../exams/components/ExaminationsTab';
import { myTopicDetailPath, selfAssessmentPath } from '../../learn/links';
import { useMySelfAssessmentResults } from '../api';
import classes from './MyAssessmentsPage.module.css';

const selectionOf = (result: SelfAssessmentResultSummary) => ({
  subject: result.batch_subject_id,
  chapter: result.chapter_id,
  topic: result.topic_id,
});

function ResultRow({ result }: { result: SelfAssessmentResultSummary }) {
  const timeText = useDateTimeText();
  const score = formatMessage(LABELS.selfScore, {
    scored: String(result.scored_point),
    total: String(result.total_point),
  });
  return (
    <Table.Tr>
      <Table.Td className={classes.topic}>
        <Anchor component={Link} to={myTopicDetailPath(selectionOf(result))} fw={600} size="sm">
          {result.topic_title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {result.subject_title}
        </Text>
        {/* On a phone the date sits under the topic (its column is hidden). */}
        <Text size="xs" c="dimmed" className={classes.phoneOnly}>
          {timeText(result.created_at)}
        </Text>
      </Table.Td>
      <Table.Td className={classes.narrow}>
        <Text fw={700} size="sm">
          {score}
        </Text>
      </Table.Td>
      <Table.Td className={`${classes.narrow} ${classes.wideOnly}`}>
        <Text size="sm">{timeText(result.created_at)}</Text>
      </Table.Td>
      <Table.Td className={classes.narrow}>
        <Button
          component={Link}
          to={selfAssessmentPath(selectionOf(result))}
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          aria-label={formatMessage(LABELS.mySelfRetakeOf, { topic: result.topic_title })}
        >
          {LABELS.mySelfRetake}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function SelfAssessmentResults({ results }: { results: ReturnType<typeof useMySelfAssessmentResults> }) {
  if (results.isPending) return <Loading />;
  if (results.isError)
    return <LoadFailed message={errorMessage(results.error)} retry={() => results.refetch()} />;
  const rows = results.items;
  if (rows.length === 0) return <EmptyNote text={LABELS.myNoSelfAssessments} />;
  return (
    <Stack gap="md">
      <Table className={classes.table} aria-label={LABELS.mySelfResults} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{LABELS.mySelfTopic}</Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.mySelfScore}</Table.Th>
            <Table.Th className={`${classes.narrow} ${classes.wideOnly}`}>{LABELS.mySelfDate}</Table.Th>
            <Table.Th className={classes.narrow}>
              <span className={classes.visuallyHidden}>{LABELS.mySelfRetake}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((result) => (
            <ResultRow key={result._id} result={result} />
          ))}
        </Table.Tbody>
      </Table>
      <LoadMore list={results} />
    </Stack>
  );
}

/**
 * /me/assessments: the Examinations tab (Upcoming / Previous cards, features/exams) and
 * Self Assessments (n), every attempt with its topic, score and date, and a way to retake it.
 * The tab lives in the address (`tab=self`).
 */
export function MyAssessmentsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const tab = params.get('tab') === 'self' ? 'self' : 'examinations';
  const results = useMySelfAssessmentResults();
  const count = results.total ?? results.items.length;

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.myAssessmentsTitle }]} />
      <PageHeader title={LABELS.myAssessmentsTitle} />
      <Tabs
        value={tab}
        onChange={(next) =>
          patchParams({ tab: next === 'self' ? next : null, when: null }, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="examinations">{LABELS.myExaminationsTab}</Tabs.Tab>
          <Tabs.Tab value="self">{formatMessage(LABELS.mySelfAssessmentsTab, { n: String(count) })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="examinations">
          <ExaminationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="self">
          <SelfAssessmentResults results={results} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
