import '@mantine/core/styles/Combobox.css';
import { Badge, Box, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { BatchSubject, Chapter } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconEye, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { useTaughtChapter, useTaughtSubject, useTeachParams } from '../api';
import { DeleteChapterModal } from '../components/DeleteChapterModal';
import { ChooseSubject, unready } from '../components/States';
import { TeachBreadcrumb } from '../components/TeachBreadcrumb';
import { teachCreateChapterPath, teachEditChapterPath, teachTopicsPath } from '../links';

function ChapterRow({
  chapter,
  subject,
  onDelete,
}: {
  chapter: Chapter;
  subject: BatchSubject;
  onDelete: () => void;
}) {
  const selection = { batch: subject.batch_id, subject: subject._id, chapter: chapter._id };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={formatMessage(LABELS.teachChapterRow, { title: chapter.title })}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Text fw={700}>{chapter.title}</Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {chapter.description}
          </Text>
          <Group gap="xs">
            <Badge variant="light" radius="sm">
              {formatMessage(LABELS.teachTopicCountN, { n: String(chapter.topic_count) })}
            </Badge>
            {!chapter.visibility && (
              <Badge color="gray" variant="light" radius="sm" leftSection={<IconEyeOff size={12} />}>
                {LABELS.chapterHidden}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={teachTopicsPath(selection)}
            size="xs"
            leftSection={<IconEye size={14} />}
          >
            {LABELS.teachViewChapter}
          </Button>
          <Button
            component={Link}
            to={teachEditChapterPath(selection)}
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
          >
            {LABELS.editAction}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
          >
            {LABELS.deleteAction}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function ChapterList({ subject }: { subject: BatchSubject }) {
  const { chapters, resolution } = useTaughtChapter(subject, null);
  const [deleting, setDeleting] = useState<Chapter | null>(null);
  const shown = unready(resolution, null);
  if (shown) return shown;
  const list = chapters.data ?? [];
  return (
    <>
      {list.length === 0 ? (
        <EmptyNote text={MESSAGES.noChapters} />
      ) : (
        <Stack gap="sm">
          {list.map((chapter) => (
            <ChapterRow
              key={chapter._id}
              chapter={chapter}
              subject={subject}
              onDelete={() => setDeleting(chapter)}
            />
          ))}
        </Stack>
      )}
      <DeleteChapterModal chapter={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** /me/faculty/subjects/chapters: the chosen subject's chapters with View, Edit and Delete. */
export function FacultyChaptersPage() {
  const { subject: subjectId, setParams } = useTeachParams();
  const { mine, resolution } = useTaughtSubject(subjectId);
  const subject = resolution.state === 'ready' ? resolution.value : null;

  const options = (mine.data ?? []).map((option) => ({
    value: option._id,
    label: formatMessage(LABELS.subjectOfBatch, { subject: option.subject_title, batch: option.batch_title }),
  }));

  return (
    <>
      <TeachBreadcrumb subject={subject} />
      <PageHeader
        title={LABELS.chaptersTitle}
        actions={
          subject ? (
            <Button
              component={Link}
              to={teachCreateChapterPath({ batch: subject.batch_id, subject: subject._id })}
            >
              {LABELS.addChapterButton}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md">
        {options.length > 0 && (
          <Box w={{ base: '100%', xs: 360 }}>
            <Select
              label={LABELS.fieldSubject}
              placeholder={LABELS.selectSubjectPlaceholder}
              data={options}
              value={subject?._id ?? null}
              onChange={(next) => {
                const found = mine.data?.find((option) => option._id === next);
                if (found) setParams({ batch: found.batch_id, subject: found._id });
              }}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Box>
        )}
        {unready(resolution, <ChooseSubject />) ??
          (subject && <ChapterList key={subject._id} subject={subject} />)}
      </Stack>
    </>
  );
}
