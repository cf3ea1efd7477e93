import { Button, Grid, Paper, Stack, Tabs } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChecklist } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useRequiredAccount } from '../../../lib/session';
import { QaTabLabel, TopicQaPanel } from '../../doubts/components/TopicQaPanel';
import { useMyBatchSubjects } from '../../subjects/api';
import { useTopic } from '../../topics/api';
import { TopicDescription, TopicMediaPanel, TopicNoteButtons } from '../../topics/components/TopicContent';
import { useRecordImpression, useTopicNotes, useTopicProgress } from '../api';
import { TopicNotesPanel } from '../components/TopicNotesPanel';
import { MY_SUBJECTS_PATH, myChaptersPath, myTopicsPath, selfAssessmentPath } from '../links';
import { useTopicHeartbeat } from '../useTopicHeartbeat';

/** The content's width (a container query, in rem) from which the notes sit beside the topic. */
const TOPIC_COLUMNS = { xs: '30rem', sm: '36rem', md: '40rem', lg: '60rem', xl: '80rem' };

/** Opening a topic records one impression per topic and batch subject while the page is open. */
function useImpression(topicId: string | null, batchSubjectId: string | null, enabled: boolean) {
  const record = useRecordImpression();
  const recorded = useRef<string | null>(null);
  const { mutate } = record;
  useEffect(() => {
    if (!enabled || !topicId || !batchSubjectId) return;
    const key = `${topicId}:${batchSubjectId}`;
    if (recorded.current === key) return;
    recorded.current = key;
    mutate({ topic_id: topicId, batch_subject_id: batchSubjectId });
  }, [enabled, topicId, batchSubjectId, mutate]);
}

/**
 * /me/subjects/chapters/topics/detail: the topic's content, description and note links, with the
 * student's Notes and Q&A beside it (below on phones). Opening it counts as reading it.
 */
export function MyTopicDetailPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const topicId = params.get('topic');
  const batchSubjectId = params.get('subject');
  const chapterId = params.get('chapter');
  const side = params.get('tab') === 'qa' ? 'qa' : 'notes';
  const { permission } = useRequiredAccount();
  const student = permission === 'student';

  const topic = useTopic(topicId);
  const subjects = useMyBatchSubjects();
  const subject = subjects.data?.find((candidate) => candidate._id === batchSubjectId);
  const batchId = params.get('batch') ?? subject?.batch_id ?? null;
  const chapter = useTopicProgress(chapterId ?? topic.data?.chapter_id ?? null).data?.chapter;
  const notes = useTopicNotes(student && batchSubjectId ? topicId : null);

  // Only a topic that loaded is being read.
  const reading = student && topic.isSuccess;
  useImpression(topicId, batchSubjectId, reading);
  useTopicHeartbeat(reading ? topicId : null, reading ? batchSubjectId : null);

  if (!topicId) return <EmptyNote text={LABELS.learnTopicNotFound} />;
  if (topic.isPending) return <Loading />;
  // A topic of another class's subject, a hidden one, or an unknown one.
  if (topic.isError && isNotAvailable(topic.error)) {
    return <NotAvailable text={MESSAGES.contentNotAvailable} />;
  }
  if (topic.isError) {
    return <LoadFailed message={errorMessage(topic.error)} retry={() => topic.refetch()} />;
  }

  const current = topic.data;
  const selection = {
    batch: batchId,
    subject: batchSubjectId,
    chapter: current.chapter_id,
    topic: current._id,
  };

  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.learnMySubjects, to: MY_SUBJECTS_PATH },
          { label: subject?.subject_title ?? LABELS.chaptersTitle, to: myChaptersPath(selection) },
          { label: chapter?.title ?? LABELS.topicsTitle, to: myTopicsPath(selection) },
          { label: current.title },
        ]}
      />
      <PageHeader
        title={current.title}
        actions={
          current.self_assessment ? (
            <Button
              component={Link}
              to={selfAssessmentPath(selection)}
              leftSection={<IconChecklist size={16} />}
            >
              {LABELS.learnTakeSelfAssessment}
            </Button>
          ) : undefined
        }
      />
      {/* Columns by the width the page has in rem, so text enlarged to 200 % (text-only zoom)
          stacks the notes under the topic as a narrow window does, instead of squeezing them. */}
      <Grid gap="lg" align="flex-start" type="container" breakpoints={TOPIC_COLUMNS}>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <TopicMediaPanel topic={current} />
            <TopicNoteButtons notes={current.notes} />
            <TopicDescription doc={current.wysiwyg_state} />
          </Stack>
        </Grid.Col>
        {student && batchSubjectId && (
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
              <Tabs
                value={side}
                onChange={(next) => patchParams({ tab: next === 'qa' ? next : null }, { replace: true })}
              >
                <Tabs.List grow>
                  <Tabs.Tab value="notes">
                    {formatMessage(LABELS.learnNotesTab, {
                      count: String(notes.total ?? notes.items.length),
                    })}
                  </Tabs.Tab>
                  <Tabs.Tab value="qa">
                    <QaTabLabel topicId={current._id} />
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="notes" pt="md">
                  <TopicNotesPanel topicId={current._id} batchSubjectId={batchSubjectId} />
                </Tabs.Panel>
                <Tabs.Panel value="qa" pt="md">
                  <TopicQaPanel topicId={current._id} batchSubjectId={batchSubjectId} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </>
  );
}
