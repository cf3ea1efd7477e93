import { Anchor, Grid, Group, SimpleGrid, Stack } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconNotes } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { isNotAvailable } from '../../../lib/api';
import { useMyBatchSubjects } from '../../subjects/api';
import { useChapterProgress } from '../api';
import { ChapterProgressCard } from '../components/ChapterProgressCard';
import { SubjectPicker } from '../components/SubjectPicker';
import { SubjectSideTabs } from '../components/SubjectSideTabs';
import { MY_SUBJECTS_PATH, myTopicsPath, subjectNotesPath } from '../links';

/** /me/subjects/chapters?subject=: the visible chapters of a subject with the student's progress. */
export function MyChaptersPage() {
  const [params, setParams] = useSearchParams();
  const batchSubjectId = params.get('subject');
  const subjects = useMyBatchSubjects();
  const selected = subjects.data?.find((subject) => subject._id === batchSubjectId) ?? null;
  const chapters = useChapterProgress(batchSubjectId);

  // Another class's subject (403) or an unknown one (404): nothing of it to show.
  if (chapters.isError && isNotAvailable(chapters.error)) {
    return <NotAvailable text={MESSAGES.contentNotAvailable} />;
  }

  let content: ReactNode;
  if (!batchSubjectId) content = <EmptyNote text={MESSAGES.selectASubject} />;
  else if (chapters.isPending) content = <Loading />;
  else if (chapters.isError) {
    content = <LoadFailed message={MESSAGES.chaptersError} retry={() => chapters.refetch()} />;
  } else if (chapters.data.length === 0) content = <EmptyNote text={MESSAGES.noChapters} />;
  else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {chapters.data.map((chapter) => (
          <ChapterProgressCard
            key={chapter._id}
            chapter={chapter}
            to={myTopicsPath({ batch: selected?.batch_id, subject: batchSubjectId, chapter: chapter._id })}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.learnMySubjects, to: MY_SUBJECTS_PATH },
          { label: selected?.subject_title ?? LABELS.chaptersTitle },
        ]}
      />
      <PageHeader title={selected?.subject_title ?? LABELS.chaptersTitle} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <SubjectPicker
                subjects={subjects.data}
                value={selected?._id ?? null}
                loading={subjects.isPending}
                onChange={(subject) => setParams({ batch: subject.batch_id, subject: subject._id })}
              />
              {batchSubjectId && (
                <Anchor
                  component={Link}
                  to={subjectNotesPath({ batch: selected?.batch_id, subject: batchSubjectId })}
                  size="sm"
                >
                  <Group gap={4} wrap="nowrap">
                    <IconNotes size={16} />
                    {LABELS.learnMyNotesLink}
                  </Group>
                </Anchor>
              )}
            </Group>
            {content}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SubjectSideTabs batchSubjectId={batchSubjectId} />
        </Grid.Col>
      </Grid>
    </>
  );
}
