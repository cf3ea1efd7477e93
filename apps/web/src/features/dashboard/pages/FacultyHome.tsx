import { Anchor, Avatar, Grid, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { type DoubtStatus, useDoubts, useMyStudents } from '../../doubts/api';
import { DoubtList } from '../../doubts/components/DoubtList';
import { doubtTopic } from '../../doubts/links';
import { EvaluationHomeList } from '../../evaluation/components/EvaluationHomeList';
import { EVALUATIONS_PATH } from '../../evaluation/links';
import { FacultySessionsCarousel } from '../../sessions/components/SessionCarousel';
import { useMyBatchSubjects } from '../../subjects/api';
import { teachTopicDetailPath } from '../../teach/links';
import classes from './home.module.css';

interface SubTab {
  value: string;
  label: string;
  empty: string;
}

const DOUBT_TABS = [
  { value: 'new', label: LABELS.newTab, empty: MESSAGES.noNewDoubts },
  { value: 'replied', label: LABELS.repliedTab, empty: MESSAGES.noRepliedDoubts },
] as const satisfies readonly (SubTab & { value: DoubtStatus })[];

const EVALUATION_TABS = [
  { value: 'pending', label: LABELS.pendingTab, empty: MESSAGES.noPendingExaminations },
  { value: 'evaluated', label: LABELS.evaluatedTab, empty: MESSAGES.noEvaluatedExaminations },
] as const;

/** New or replied doubts of the faculty member's batch subjects, each with a reply box. */
function DoubtsOfStatus({ status, empty }: { status: DoubtStatus; empty: string }) {
  const doubts = useDoubts({ status });
  const subjects = useMyBatchSubjects();
  if (doubts.isPending) return <Loading />;
  if (doubts.isError) return <EmptyNote text={errorMessage(doubts.error)} />;
  const batchOf = (batchSubjectId: string) =>
    subjects.data?.find((subject) => subject._id === batchSubjectId)?.batch_id;
  return (
    <Stack gap="sm">
      <DoubtList
        doubts={doubts.items}
        viewer="faculty"
        emptyText={empty}
        topicPath={(doubt) => teachTopicDetailPath(doubtTopic(doubt, batchOf))}
      />
      {/* A button, not infinite scroll: on a phone the students panel comes after this list. */}
      <LoadMore list={doubts} />
    </Stack>
  );
}

function DoubtTabs() {
  return (
    <Tabs defaultValue="new" variant="pills" mt="md" keepMounted={false}>
      <Group justify="space-between" gap="xs" mb="md">
        <Tabs.List aria-label={LABELS.studentsDoubts}>
          {DOUBT_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Anchor component={Link} to="/me/faculty/doubts" size="sm">
          {LABELS.doubtsViewAll}
        </Anchor>
      </Group>
      {DOUBT_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <DoubtsOfStatus status={tab.value} empty={tab.empty} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Pending and Evaluated examinations of the teacher's batch subjects, each leading to its submissions. */
function EvaluationTabs() {
  return (
    <Tabs defaultValue={EVALUATION_TABS[0].value} variant="pills" mt="md" keepMounted={false}>
      <Group justify="space-between" gap="xs" mb="md">
        <Tabs.List aria-label={LABELS.examEvaluations}>
          {EVALUATION_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Anchor component={Link} to={EVALUATIONS_PATH} size="sm">
          {LABELS.evalViewAll}
        </Anchor>
      </Group>
      {EVALUATION_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <EvaluationHomeList tab={tab.value} empty={tab.empty} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The students of the faculty member's batch subjects, a page at a time (the count is all of them). */
function StudentsPanel() {
  const students = useMyStudents();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={LABELS.students}>
      <Title order={2} size="h4" mb="sm">
        {students.total
          ? formatMessage(LABELS.doubtsSubjectCount, {
              title: LABELS.students,
              count: String(students.total),
            })
          : LABELS.students}
      </Title>
      {students.isPending ? (
        <Loading />
      ) : students.isError ? (
        <EmptyNote text={errorMessage(students.error)} />
      ) : students.items.length === 0 ? (
        <EmptyNote text={MESSAGES.noStudentsAssigned} />
      ) : (
        <Stack
          gap="xs"
          mah={480}
          style={{ overflowY: 'auto' }}
          data-testid="faculty-students"
          // A list that scrolls is reached and scrolled with the keyboard too (WCAG 2.1.1).
          tabIndex={0}
          role="region"
          aria-label={LABELS.students}
        >
          {students.items.map((student) => (
            <Group key={student._id} gap="sm" wrap="nowrap">
              <Avatar src={student.avatar} name={student.name} color="initials" size="sm" />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {student.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {student.batch_title}
                </Text>
              </div>
            </Group>
          ))}
          <LoadMore list={students} auto />
        </Stack>
      )}
    </Paper>
  );
}

/** Faculty home: students' doubts and exam evaluations, and the student list panel (learning §2 "Faculty home"). */
export function FacultyHome() {
  return (
    <>
      <PageHeader title={LABELS.home} />
      <FacultySessionsCarousel />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            <Tabs defaultValue="doubts" classNames={{ tab: classes.tab }} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="doubts">{LABELS.studentsDoubts}</Tabs.Tab>
                <Tabs.Tab value="evaluations">{LABELS.examEvaluations}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="doubts">
                <DoubtTabs />
              </Tabs.Panel>
              <Tabs.Panel value="evaluations">
                <EvaluationTabs />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <StudentsPanel />
        </Grid.Col>
      </Grid>
    </>
  );
}
