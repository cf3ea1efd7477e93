import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { BatchSubject, Chapter } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useBatchSubject } from '../../subjects/api';
import { chaptersPath } from '../../subjects/links';
import { useChapters, useCreateChapter, useUpdateChapter } from '../api';
import { ChapterFields } from '../components/ChapterFields';
import { ChaptersBreadcrumb } from '../components/ChaptersBreadcrumb';
import { type ChapterFormValues, chapterFormError, chapterFormValues } from '../validation';

interface FormProps {
  batchSubject: BatchSubject;
  editing: Chapter | null;
  backTo: string;
}

/** The Add/Edit Chapter form of a standalone page (validation: 'Please fill the form'); also the faculty's. */
export function StandaloneChapterForm({ batchSubject, editing, backTo }: FormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ChapterFormValues>(() =>
    chapterFormValues(editing, batchSubject.subject_id),
  );
  const [error, setError] = useFormError();
  const create = useCreateChapter();
  const update = useUpdateChapter();
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = chapterFormError(values, true);
    if (invalid) return setError(invalid);
    setError(null);
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      visibility: values.visibility,
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, body: fields });
        notify.success(MESSAGES.chapterEdited);
      } else {
        await create.mutateAsync({ ...fields, subject_id: batchSubject.subject_id });
        notify.success(MESSAGES.chapterAdded);
      }
      navigate(backTo);
    } catch {
      setError(MESSAGES.chaptersError);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {LABELS.fieldSubject}: {batchSubject.subject_title} · {LABELS.fieldBatch}:{' '}
          {batchSubject.batch_title}
        </Text>
        <ChapterFields
          values={values}
          onChange={(patch) => {
            setValues((current) => ({ ...current, ...patch }));
            setError(null);
          }}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(backTo)} disabled={busy}>
            {LABELS.confirmCancel}
          </Button>
          <Button type="submit" loading={busy}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The standalone Add Chapter and Edit Chapter forms
 * (/batch/:batchId/subjects/:subjectId/create-chapter and .../chapters/:chapterId/edit-chapter,
 * where :subjectId is the batch subject's id). Success returns to the chapters list.
 */
export function ChapterFormPage() {
  const { batchId = '', subjectId = '', chapterId } = useParams();
  const batchSubject = useBatchSubject(subjectId);
  const chapters = useChapters(chapterId ? batchSubject.data?.subject_id : null);
  const editing = chapterId ? (chapters.data?.find((chapter) => chapter._id === chapterId) ?? null) : null;
  const backTo = chaptersPath(batchId, subjectId);
  const title = chapterId ? LABELS.editChapterTitle : LABELS.addChapterTitle;
  const loading =
    batchSubject.isPending || (Boolean(chapterId) && batchSubject.isSuccess && chapters.isPending);
  const missing =
    batchSubject.isError || chapters.isError || (Boolean(chapterId) && chapters.isSuccess && !editing);

  return (
    <Box maw={720}>
      <Stack gap="md">
        <ChaptersBreadcrumb batchId={batchId} batchSubjectId={subjectId} current={title} />
        <PageHeader title={title} />
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {loading ? (
          <Center py="xl">
            <Loader role="status" aria-label={LABELS.loading} />
          </Center>
        ) : missing || !batchSubject.data ? (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.chaptersError}
          </Alert>
        ) : (
          <StandaloneChapterForm batchSubject={batchSubject.data} editing={editing} backTo={backTo} />
        )}
      </Paper>
    </Box>
  );
}
