import '@mantine/core/styles/Combobox.css';
import { Box, Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { Chapter } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useBatchSubject, useBatchSubjects } from '../../subjects/api';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import { subjectsPath, topicsPath } from '../../subjects/links';
import { useChapters, useDeleteChapter } from '../api';
import { ChapterCard } from '../components/ChapterCard';
import { ChapterFormModal } from '../components/ChapterFormModal';
import { ChaptersBreadcrumb } from '../components/ChaptersBreadcrumb';

/** /batch/subjects/chapters: the chapters of the chosen batch subject (management §2 "Chapters"). */
export function ChaptersPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const batchSubjectId = params.get('subject');
  const { permission } = useRequiredAccount();
  const authors = permission === 'moderator' || permission === 'faculty';

  const subjects = useBatchSubjects(batchId);
  // A link with only `subject` still finds its batch.
  const lookup = useBatchSubject(batchId ? null : batchSubjectId);
  useEffect(() => {
    if (!batchId && lookup.data) {
      setParams({ batch: lookup.data.batch_id, subject: lookup.data._id }, { replace: true });
    }
  }, [batchId, lookup.data, setParams]);

  const selected = subjects.data?.find((subject) => subject._id === batchSubjectId) ?? null;
  const chapters = useChapters(selected?.subject_id);
  const remove = useDeleteChapter();
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<Chapter | null>(null);

  const subjectOptions = (subjects.data ?? []).map((subject) => ({
    value: subject._id,
    label: `${subject.subject_title} (${subject.subject_code})`,
  }));
  const formSubjects = (subjects.data ?? []).map((subject) => ({
    value: subject.subject_id,
    label: subject.subject_title,
  }));

  const openCreate = () => {
    setEditing(null);
    form.open();
  };
  const openEdit = (chapter: Chapter) => {
    setEditing(chapter);
    form.open();
  };
  const confirmDelete = (chapter: Chapter) =>
    modals.openConfirmModal({
      title: LABELS.deleteChapterTitle,
      children: MESSAGES.confirmDelete,
      labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(chapter._id, {
          onSuccess: () => notify.success(MESSAGES.chapterDeleted),
          onError: () => notify.error(MESSAGES.chaptersError),
        }),
    });

  let content: ReactNode;
  // A subject from the URL is being looked up: its batch's list, or the batch subject itself.
  const resolving = Boolean(batchSubjectId) && (batchId ? subjects.isPending : lookup.isPending);
  if (!selected) {
    content = resolving ? <Loading /> : <EmptyNote text={MESSAGES.selectASubject} />;
  } else if (chapters.isPending) {
    content = <Loading />;
  } else if (chapters.isError) {
    content = <LoadFailed message={MESSAGES.chaptersError} retry={() => chapters.refetch()} />;
  } else if (chapters.data.length === 0) {
    content = (
      <EmptyNote
        text={MESSAGES.noChapters}
        action={{ label: LABELS.goToSubjects, to: subjectsPath(batchId) }}
      />
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {chapters.data.map((chapter) => (
          <ChapterCard
            key={chapter._id}
            chapter={chapter}
            to={topicsPath(selected.batch_id, selected._id, chapter._id)}
            onEdit={authors ? () => openEdit(chapter) : undefined}
            onDelete={authors ? () => confirmDelete(chapter) : undefined}
            busy={remove.isPending && remove.variables === chapter._id}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <ChaptersBreadcrumb batchId={batchId} batchSubjectId={batchSubjectId} />
      <PageHeader
        title={LABELS.chaptersTitle}
        actions={
          authors && selected ? <Button onClick={openCreate}>{LABELS.addChapterButton}</Button> : undefined
        }
      />
      <Group gap="md" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <Box miw={220} maw={360}>
          <BatchSelect value={batchId} onChange={(next) => setParams(next ? { batch: next } : {})} />
        </Box>
        <Box miw={220} maw={360}>
          <Select
            label={LABELS.fieldSubject}
            placeholder={LABELS.selectSubjectPlaceholder}
            data={subjectOptions}
            value={selected?._id ?? null}
            onChange={(next) =>
              batchId && setParams(next ? { batch: batchId, subject: next } : { batch: batchId })
            }
            disabled={!batchId || subjects.isPending}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Box>
      </Group>
      {content}
      {selected && (
        <ChapterFormModal
          opened={formOpened}
          onClose={form.close}
          editing={editing}
          subjectId={selected.subject_id}
          subjects={formSubjects}
        />
      )}
    </Stack>
  );
}
