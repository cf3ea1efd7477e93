import { Button, SimpleGrid } from '@mantine/core';
import type { BatchSubject, Chapter, Topic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useDefaultSearchParam, usePatchSearchParams } from '../../../lib/search-params';
import { useRequiredAccount } from '../../../lib/session';
import { ChapterSelect } from '../../chapters/components/ChapterSelect';
import { useChapterTopics, useTopicPlanDates } from '../../topics/api';
import { DeleteTopicModal } from '../../topics/components/DeleteTopicModal';
import { TopicCard } from '../../topics/components/TopicCard';
import { TopicFormModal } from '../../topics/components/TopicFormModal';
import { useTaughtChapter, useTaughtSubject, useTeachParams } from '../api';
import { ChooseSubject, unready } from '../components/States';
import { TeachBreadcrumb } from '../components/TeachBreadcrumb';
import { teachChaptersPath, teachTopicDetailPath } from '../links';

interface ChapterTopicsProps {
  subject: BatchSubject;
  chapter: Chapter;
  form: { topic: Topic | null } | null;
  setForm: (form: { topic: Topic | null } | null) => void;
}

/** A chapter's topics as cards with view, edit and delete; the Create/Edit Topic popup. */
function ChapterTopics({ subject, chapter, form, setForm }: ChapterTopicsProps) {
  const { entity_id } = useRequiredAccount();
  const topics = useChapterTopics(chapter._id);
  const planDates = useTopicPlanDates(chapter._id, subject._id);
  const [deleting, setDeleting] = useState<Topic | null>(null);

  let content: ReactNode;
  if (topics.isPending) content = <Loading />;
  else if (topics.isError)
    content = <LoadFailed message={errorMessage(topics.error)} retry={() => topics.refetch()} />;
  else if (topics.data.length === 0) content = <EmptyNote text={MESSAGES.noTopics} />;
  else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {topics.data.map((topic) => (
          <TopicCard
            key={topic._id}
            topic={topic}
            planDate={planDates.get(topic._id)}
            detailTo={teachTopicDetailPath({
              batch: subject.batch_id,
              subject: subject._id,
              chapter: chapter._id,
              topic: topic._id,
            })}
            onEdit={() => setForm({ topic })}
            onDelete={() => setDeleting(topic)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      {content}
      <TopicFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        chapterId={chapter._id}
        topic={form?.topic ?? null}
        fixedAuthorId={entity_id}
      />
      <DeleteTopicModal topic={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** /me/faculty/subjects/chapters/topics: the chosen chapter's topics (`subject` and `chapter`). */
export function FacultyTopicsPage() {
  const { subject: subjectId, chapter: chapterId } = useTeachParams();
  const patchParams = usePatchSearchParams();
  const taught = useTaughtSubject(subjectId);
  const subject = taught.resolution.state === 'ready' ? taught.resolution.value : null;
  const { chapters, resolution } = useTaughtChapter(subject, chapterId);
  const chapter = resolution.state === 'ready' ? resolution.value : null;
  const [form, setForm] = useState<{ topic: Topic | null } | null>(null);

  // A subject's topics without a chapter show its first chapter.
  useDefaultSearchParam('chapter', chapters.data?.[0]?._id);

  const noChapters = subject && (
    <EmptyNote
      text={MESSAGES.noTopics}
      action={{
        label: LABELS.goToChapters,
        to: teachChaptersPath({ batch: subject.batch_id, subject: subject._id }),
      }}
    />
  );

  const body =
    unready(taught.resolution, <ChooseSubject />) ??
    unready(resolution, chapters.data?.length === 0 ? noChapters : <Loading />) ??
    (subject && chapter && (
      <ChapterTopics key={chapter._id} subject={subject} chapter={chapter} form={form} setForm={setForm} />
    ));

  return (
    <>
      <TeachBreadcrumb subject={subject} current={chapter?.title ?? LABELS.topicsTitle} />
      <PageHeader
        title={LABELS.topicsTitle}
        actions={
          chapter ? (
            <Button onClick={() => setForm({ topic: null })}>{LABELS.addTopicsButton}</Button>
          ) : undefined
        }
      />
      {subject && (chapters.data?.length ?? 0) > 0 && (
        <ChapterSelect
          chapters={chapters.data}
          value={chapter?._id ?? null}
          onChange={(next) => patchParams({ chapter: next })}
        />
      )}
      {body}
    </>
  );
}
