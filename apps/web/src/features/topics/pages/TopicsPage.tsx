import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Breadcrumbs, Button, Center, Loader, Select, SimpleGrid, Stack } from '@mantine/core';
import type { Topic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useChapters } from '../../chapters/api';
import { useBatchSubject } from '../../subjects/api';
import { subjectsPath } from '../../subjects/links';
import { useChapterStudyPlans, useChapterTopics, useDeleteTopic } from '../api';
import { ConfirmDeleteModal } from '../components/ConfirmDeleteModal';
import { TopicCard } from '../components/TopicCard';
import { TopicFormModal } from '../components/TopicFormModal';
import { chaptersPath, topicDetailPath } from '../links';

const loading = (
  <Center py="xl">
    <Loader aria-label={LABELS.loading} />
  </Center>
);

/** /batch/subjects/chapters/topics: a chapter's topics as cards (management §2 "Topics"). */
export function TopicsPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const batchSubjectId = params.get('subject');
  const chapterId = params.get('chapter');
  const { permission } = useRequiredAccount();
  const authors = permission === 'moderator' || permission === 'faculty';

  const batchSubject = useBatchSubject(batchSubjectId);
  const chapters = useChapters(batchSubject.data?.subject_id);
  const topics = useChapterTopics(chapterId);
  const plans = useChapterStudyPlans(chapterId, batchSubjectId);
  const remove = useDeleteTopic();

  const [form, setForm] = useState<{ topic: Topic | null } | null>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);

  // Opening a subject's topics without a chapter shows its first chapter.
  const firstChapter = chapters.data?.[0]?._id;
  useEffect(() => {
    if (!chapterId && firstChapter && batchSubjectId) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('chapter', firstChapter);
          return next;
        },
        { replace: true },
      );
    }
  }, [chapterId, firstChapter, batchSubjectId, setParams]);

  const planDates = useMemo(() => {
    const dates = new Map<string, string>();
    for (const entry of [...(plans.data ?? [])].sort((a, b) => a.date.localeCompare(b.date))) {
      if (!dates.has(entry.topic_id)) dates.set(entry.topic_id, entry.date);
    }
    return dates;
  }, [plans.data]);

  const chooseChapter = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('chapter', next);
      else updated.delete('chapter');
      return updated;
    });

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

  const backToChapters = chaptersPath(batchId, batchSubjectId);
  const noTopics = (
    <Stack align="center" gap="sm">
      <EmptyNote text={MESSAGES.noTopics} />
      <Button component={Link} to={backToChapters} variant="light">
        {LABELS.goToChapters}
      </Button>
    </Stack>
  );

  let content: ReactNode;
  if (!batchSubjectId) {
    content = (
      <Stack align="center" gap="sm">
        <EmptyNote text={MESSAGES.selectASubject} />
        <Button component={Link} to={backToChapters} variant="light">
          {LABELS.goToChapters}
        </Button>
      </Stack>
    );
  } else if (batchSubject.isPending || (chapters.isPending && !chapterId)) {
    content = loading;
  } else if (!chapterId) {
    content = chapters.data?.length === 0 ? noTopics : <EmptyNote text={LABELS.selectAChapter} />;
  } else if (topics.isPending) {
    content = loading;
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

  const chapterOptions = (chapters.data ?? []).map((chapter) => ({
    value: chapter._id,
    label: chapter.title,
  }));
  const subject = batchSubject.data;

  return (
    <>
      {subject && (
        <Breadcrumbs mb="sm" separatorMargin={6} aria-label={LABELS.breadcrumb} fz="sm">
          <Anchor component={Link} to={subjectsPath(subject.batch_id)}>
            {subject.batch_title}
          </Anchor>
          <Anchor component={Link} to={backToChapters}>
            {subject.subject_title}
          </Anchor>
          <span>{LABELS.topicsTitle}</span>
        </Breadcrumbs>
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
        <Select
          label={LABELS.fieldChapter}
          placeholder={LABELS.selectChapterPlaceholder}
          data={chapterOptions}
          value={chapterId}
          onChange={chooseChapter}
          searchable
          allowDeselect={false}
          maw={{ base: '100%', sm: 360 }}
          mb="lg"
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
