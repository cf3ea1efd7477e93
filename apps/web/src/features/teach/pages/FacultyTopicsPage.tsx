import '@mantine/core/styles/Combobox.css';
import { Button, Select, SimpleGrid, Stack } from '@mantine/core';
import type { BatchSubject, Chapter, Topic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useChapterStudyPlans, useChapterTopics, useDeleteTopic } from '../../topics/api';
import { ConfirmDeleteModal } from '../../topics/components/ConfirmDeleteModal';
import { TopicCard } from '../../topics/components/TopicCard';
import { TopicFormModal } from '../../topics/components/TopicFormModal';
import { useTaughtChapter, useTaughtSubject, useTeachParams } from '../api';
import { ChooseSubject, LoadFailed, Loading, unready } from '../components/States';
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
  const plans = useChapterStudyPlans(chapter._id, subject._id);
  const remove = useDeleteTopic();
  const [deleting, setDeleting] = useState<Topic | null>(null);

  const planDates = useMemo(() => {
    const dates = new Map<string, string>();
    for (const entry of [...(plans.data ?? [])].sort((a, b) => a.date.localeCompare(b.date))) {
      if (!dates.has(entry.topic_id)) dates.set(entry.topic_id, entry.date);
    }
    return dates;
  }, [plans.data]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(MESSAGES.topicDeleted);
        setDeleting(null);
      },
      onError: (failure) => notify.error(errorMessage(failure)),
    });
  };

  let content: ReactNode;
  if (topics.isPending) content = <Loading />;
  else if (topics.isError) content = <LoadFailed error={topics.error} retry={() => topics.refetch()} />;
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
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={LABELS.deleteTopicTitle}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** /me/faculty/subjects/chapters/topics: the chosen chapter's topics (`subject` and `chapter`). */
export function FacultyTopicsPage() {
  const { subject: subjectId, chapter: chapterId, setParams } = useTeachParams();
  const taught = useTaughtSubject(subjectId);
  const subject = taught.resolution.state === 'ready' ? taught.resolution.value : null;
  const { chapters, resolution } = useTaughtChapter(subject, chapterId);
  const chapter = resolution.state === 'ready' ? resolution.value : null;
  const [form, setForm] = useState<{ topic: Topic | null } | null>(null);

  // A subject's topics without a chapter show its first chapter.
  const firstChapter = chapters.data?.[0]?._id;
  useEffect(() => {
    if (!chapterId && firstChapter) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('chapter', firstChapter);
          return next;
        },
        { replace: true },
      );
    }
  }, [chapterId, firstChapter, setParams]);

  const chooseChapter = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('chapter', next);
      return updated;
    });

  const noChapters = subject && (
    <Stack align="center" gap="sm">
      <EmptyNote text={MESSAGES.noTopics} />
      <Button
        component={Link}
        to={teachChaptersPath({ batch: subject.batch_id, subject: subject._id })}
        variant="light"
      >
        {LABELS.goToChapters}
      </Button>
    </Stack>
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
        <Select
          label={LABELS.fieldChapter}
          placeholder={LABELS.selectChapterPlaceholder}
          data={(chapters.data ?? []).map((option) => ({ value: option._id, label: option.title }))}
          value={chapter?._id ?? null}
          onChange={chooseChapter}
          searchable
          allowDeselect={false}
          maw={{ base: '100%', sm: 360 }}
          mb="lg"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {body}
    </>
  );
}
