import { Button, SimpleGrid } from '@mantine/core';
import type { Topic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useDefaultSearchParam, usePatchSearchParams } from '../../../lib/search-params';
import { useRequiredAccount } from '../../../lib/session';
import { useChapters } from '../../chapters/api';
import { ChapterSelect } from '../../chapters/components/ChapterSelect';
import { useBatchSubject } from '../../subjects/api';
import { subjectsPath } from '../../subjects/links';
import { useChapterTopics, useTopicPlanDates } from '../api';
import { DeleteTopicModal } from '../components/DeleteTopicModal';
import { TopicCard } from '../components/TopicCard';
import { TopicFormModal } from '../components/TopicFormModal';
import { chaptersPath, topicDetailPath } from '../links';

/** /batch/subjects/chapters/topics: a chapter's topics as cards (management §2 "Topics"). */
export function TopicsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const batchId = params.get('batch');
  const batchSubjectId = params.get('subject');
  const chapterId = params.get('chapter');
  const { permission } = useRequiredAccount();
  const authors = permission === 'moderator' || permission === 'faculty';

  const batchSubject = useBatchSubject(batchSubjectId);
  const chapters = useChapters(batchSubject.data?.subject_id);
  const topics = useChapterTopics(chapterId);
  const planDates = useTopicPlanDates(chapterId, batchSubjectId);

  const [form, setForm] = useState<{ topic: Topic | null } | null>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);

  // Opening a subject's topics without a chapter shows its first chapter.
  useDefaultSearchParam('chapter', batchSubjectId ? chapters.data?.[0]?._id : null);

  const backToChapters = chaptersPath(batchId, batchSubjectId);
  const goToChapters = { label: LABELS.goToChapters, to: backToChapters };
  const noTopics = <EmptyNote text={MESSAGES.noTopics} action={goToChapters} />;

  let content: ReactNode;
  if (!batchSubjectId) {
    content = <EmptyNote text={MESSAGES.selectASubject} action={goToChapters} />;
  } else if (batchSubject.isPending || (chapters.isPending && !chapterId)) {
    content = <Loading />;
  } else if (!chapterId) {
    content = chapters.data?.length === 0 ? noTopics : <EmptyNote text={LABELS.selectAChapter} />;
  } else if (topics.isPending) {
    content = <Loading />;
  } else if (topics.isError) {
    content = <EmptyNote text={errorMessage(topics.error)} />;
  } else if (topics.data.length === 0) {
    content = noTopics;
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {topics.data.map((topic) => (
          <TopicCard
            key={topic._id}
            topic={topic}
            planDate={planDates.get(topic._id)}
            detailTo={topicDetailPath(batchId ?? '', batchSubjectId, topic.chapter_id, topic._id)}
            onEdit={authors ? () => setForm({ topic }) : undefined}
            onDelete={authors ? () => setDeleting(topic) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  }

  const subject = batchSubject.data;

  return (
    <>
      {subject && (
        <PageBreadcrumb
          crumbs={[
            { label: subject.batch_title, to: subjectsPath(subject.batch_id) },
            { label: subject.subject_title, to: backToChapters },
            { label: LABELS.topicsTitle },
          ]}
        />
      )}
      <PageHeader
        title={LABELS.topicsTitle}
        actions={
          authors && chapterId ? (
            <Button onClick={() => setForm({ topic: null })}>{LABELS.addTopicsButton}</Button>
          ) : undefined
        }
      />
      {batchSubjectId && (
        <ChapterSelect
          chapters={chapters.data}
          value={chapterId}
          onChange={(next) => patchParams({ chapter: next })}
          disabled={chapters.isPending}
        />
      )}
      {content}
      {chapterId && (
        <TopicFormModal
          opened={form !== null}
          onClose={() => setForm(null)}
          chapterId={chapterId}
          topic={form?.topic ?? null}
        />
      )}
      <DeleteTopicModal topic={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
