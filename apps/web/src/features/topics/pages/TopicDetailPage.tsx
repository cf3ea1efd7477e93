import { Button, Stack, Tabs } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChartBar } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { AddSelfAssessmentButton } from '../../assessments/components/AddSelfAssessmentModal';
import { useChapters } from '../../chapters/api';
import { topicReportLink } from '../../reports/links';
import { useBatchSubject } from '../../subjects/api';
import { subjectsPath } from '../../subjects/links';
import { useTopic } from '../api';
import { TopicAuthor, TopicDescription, TopicMediaPanel, TopicNoteButtons } from '../components/TopicContent';
import { chaptersPath, topicsPath } from '../links';

/** /batch/subjects/chapters/topics/topicDetail: a topic's content, description and notes. */
export function TopicDetailPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const batchId = params.get('batch') ?? '';
  const batchSubjectId = params.get('subject') ?? '';
  const tab = params.get('tab') === 'notes' ? 'notes' : 'description';
  const topic = useTopic(params.get('topic'));
  const batchSubject = useBatchSubject(batchSubjectId || null);
  const chapters = useChapters(batchSubject.data?.subject_id);
  const navigate = useNavigate();

  if (!params.get('topic')) return <EmptyNote text={MESSAGES.notFound} />;
  if (topic.isPending) return <Loading />;
  if (topic.isError) return <EmptyNote text={errorMessage(topic.error)} />;

  const current = topic.data;
  const subject = batchSubject.data;
  const listPath = batchId && batchSubjectId ? topicsPath(batchId, batchSubjectId, current.chapter_id) : null;
  const chapter = chapters.data?.find((candidate) => candidate._id === current.chapter_id);

  const viewReport = () =>
    navigate(
      topicReportLink({ topicId: current._id, batchId, batchSubjectId, chapterId: current.chapter_id }),
      {
        state: {
          topicId: current._id,
          currentTopic: current,
          currentBatch: subject ? { _id: subject.batch_id, title: subject.batch_title } : { _id: batchId },
          currentSubject: subject ?? { _id: batchSubjectId },
        },
      },
    );

  return (
    <>
      {listPath && (
        <PageBreadcrumb
          crumbs={[
            ...(subject
              ? [
                  { label: subject.batch_title, to: subjectsPath(subject.batch_id) },
                  { label: subject.subject_title, to: chaptersPath(subject.batch_id, subject._id) },
                ]
              : []),
            { label: chapter?.title ?? LABELS.backToTopics, to: listPath },
            { label: current.title },
          ]}
        />
      )}
      <PageHeader
        title={current.title}
        actions={
          <>
            <AddSelfAssessmentButton topic={current} />
            <Button leftSection={<IconChartBar size={16} />} variant="light" onClick={viewReport}>
              {LABELS.viewReport}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <TopicMediaPanel topic={current} />
        <TopicAuthor name={current.author_name} />
        <Tabs
          value={tab}
          onChange={(next) => patchParams({ tab: next === 'notes' ? next : null }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="description">{LABELS.descriptionTab}</Tabs.Tab>
            <Tabs.Tab value="notes">{LABELS.notesTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="description" pt="md">
            <TopicDescription doc={current.wysiwyg_state} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            {current.notes.length === 0 ? (
              <EmptyNote text={LABELS.noNotesForTopic} />
            ) : (
              <TopicNoteButtons notes={current.notes} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
