import '@mantine/core/styles/Combobox.css';
import { Anchor, Box, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BatchSubject, Chapter } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useDefaultSearchParam, usePatchSearchParams } from '../../../lib/search-params';
import { ChapterCard } from '../../chapters/components/ChapterCard';
import { ChapterFormModal } from '../../chapters/components/ChapterFormModal';
import { useMyBatchSubjects } from '../../subjects/api';
import { useTaughtChapter, useTeachParams } from '../api';
import { AddChapterCard } from '../components/AddChapterCard';
import { DeleteChapterModal } from '../components/DeleteChapterModal';
import { NotAvailable, unready } from '../components/States';
import { TaughtSubjectCard } from '../components/TaughtSubjectCard';
import { teachChaptersPath, teachTopicsPath } from '../links';

const ALL = 'all';

/** The chosen subject's chapters with topic counts, '+ ADD CHAPTER', and the Create/Edit/Delete popups. */
function SubjectChapters({ subject }: { subject: BatchSubject }) {
  const { chapters, resolution } = useTaughtChapter(subject, null);
  const [form, setForm] = useState<{ editing: Chapter | null } | null>(null);
  const [deleting, setDeleting] = useState<Chapter | null>(null);
  const selection = { batch: subject.batch_id, subject: subject._id };

  const body = unready(resolution, null) ?? (
    <>
      {chapters.data?.length === 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {MESSAGES.noChapters}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(chapters.data ?? []).map((chapter) => (
          <ChapterCard
            key={chapter._id}
            chapter={chapter}
            to={teachTopicsPath({ ...selection, chapter: chapter._id })}
            onEdit={() => setForm({ editing: chapter })}
            onDelete={() => setDeleting(chapter)}
          />
        ))}
        <AddChapterCard onClick={() => setForm({ editing: null })} />
      </SimpleGrid>
    </>
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="teach-chapters"
    >
      <Group justify="space-between" align="baseline" gap="xs" mb="md">
        <Title order={2} size="h4" id="teach-chapters">
          {formatMessage(LABELS.teachChaptersOf, {
            subject: subject.subject_title,
            batch: subject.batch_title,
          })}
        </Title>
        <Anchor component={Link} to={teachChaptersPath(selection)} size="sm">
          {LABELS.teachAllChapters}
        </Anchor>
      </Group>
      {body}
      <ChapterFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        editing={form?.editing ?? null}
        subjectId={subject.subject_id}
        subjects={[{ value: subject.subject_id, label: subject.subject_title }]}
      />
      <DeleteChapterModal chapter={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}

/**
 * /me/faculty/subjects: the faculty member's own batch subjects, filtered by class and searched by
 * title, and the chosen subject's chapters (learning §2 "Faculty subjects and content").
 */
export function FacultySubjectsPage() {
  const { batch, subject: subjectId, setParams } = useTeachParams();
  const patchParams = usePatchSearchParams();
  const mine = useMyBatchSubjects();
  const [search, setSearch] = useState('');
  const all = mine.data ?? [];

  const classes = useMemo(() => {
    const counts = new Map<string, { title: string; count: number }>();
    for (const subject of mine.data ?? []) {
      const entry = counts.get(subject.batch_id) ?? { title: subject.batch_title, count: 0 };
      entry.count += 1;
      counts.set(subject.batch_id, entry);
    }
    return [...counts.entries()]
      .sort(([, a], [, b]) => a.title.localeCompare(b.title, undefined, { numeric: true }))
      .map(([id, { title, count }]) => ({
        value: id,
        label: formatMessage(LABELS.teachClassOption, { batch: title, n: String(count) }),
      }));
  }, [mine.data]);

  const inClass = batch ? all.filter((subject) => subject.batch_id === batch) : all;
  const term = search.trim().toLowerCase();
  const shown = term
    ? inClass.filter((subject) => subject.subject_title.toLowerCase().includes(term))
    : inClass;
  const chosen = subjectId ? (all.find((subject) => subject._id === subjectId) ?? null) : null;
  const chosenShown = chosen !== null && shown.includes(chosen);

  // With none chosen, the class's first subject shows its chapters.
  useDefaultSearchParam('subject', inClass[0]?._id);

  const choose = (subject: BatchSubject) => patchParams({ subject: subject._id });

  const chooseClass = (value: string | null) => setParams(value && value !== ALL ? { batch: value } : {});

  let subjects: ReactNode;
  if (mine.isPending) subjects = <Loading />;
  else if (mine.isError)
    subjects = <LoadFailed message={errorMessage(mine.error)} retry={() => mine.refetch()} />;
  else if (shown.length === 0) subjects = <EmptyNote text={MESSAGES.noSubjectsAvilable} />;
  else {
    subjects = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {shown.map((subject) => (
          <TaughtSubjectCard
            key={subject._id}
            subject={subject}
            selected={subject._id === subjectId}
            onSelect={() => choose(subject)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <PageBreadcrumb crumbs={[{ label: LABELS.subjectsTitle }]} />
      <PageHeader title={LABELS.subjectsTitle} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Box w={{ base: '100%', xs: 240 }}>
          <Select
            label={LABELS.fieldClass}
            data={[
              { value: ALL, label: formatMessage(LABELS.teachAllClasses, { n: String(all.length) }) },
              ...classes,
            ]}
            value={batch ?? ALL}
            onChange={chooseClass}
            allowDeselect={false}
            disabled={mine.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        </Box>
        <Box w={{ base: '100%', xs: 280 }}>
          <TextInput
            label={LABELS.teachSearchSubjects}
            placeholder={LABELS.teachSearchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
        </Box>
      </Group>
      {subjects}
      {subjectId &&
        !mine.isPending &&
        !mine.isError &&
        (chosen ? (
          // The chosen subject's chapters show only while its card is among those shown: a search
          // or class that hides it hides them too ('+ ADD CHAPTER' included).
          chosenShown && <SubjectChapters key={chosen._id} subject={chosen} />
        ) : (
          <NotAvailable />
        ))}
    </Stack>
  );
}
