import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useMyBatchSubjects } from '../../subjects/api';
import { useTopicProgress } from '../api';
import { ProgressSummary } from '../components/ProgressSummary';
import { ReadTopicCard } from '../components/ReadTopicCard';
import { MY_SUBJECTS_PATH, myChaptersPath, myTopicDetailPath } from '../links';

/** /me/subjects/chapters/topics?subject=&chapter=: a chapter's progress and its visible topics. */
export function MyTopicsPage() {
  const [params] = useSearchParams();
  const batchSubjectId = params.get('subject');
  const chapterId = params.get('chapter');
  const subjects = useMyBatchSubjects();
  const subject = subjects.data?.find((candidate) => candidate._id === batchSubjectId);
  const batchId = params.get('batch') ?? subject?.batch_id ?? null;
  const progress = useTopicProgress(chapterId);
  const chapter = progress.data?.chapter;

  // A chapter of another class's subject (403) or an unknown one (404).
  if (progress.isError && isNotAvailable(progress.error)) {
    return <NotAvailable text={MESSAGES.contentNotAvailable} />;
  }

  let content: ReactNode;
  if (!chapterId) content = <EmptyNote text={LABELS.selectAChapter} />;
  else if (progress.isPending) content = <Loading />;
  else if (progress.isError) {
    content = <LoadFailed message={errorMessage(progress.error)} retry={() => progress.refetch()} />;
  } else if (progress.data.topics.length === 0) content = <EmptyNote text={MESSAGES.noTopics} />;
  else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {progress.data.topics.map((topic) => (
          <ReadTopicCard
            key={topic._id}
            topic={topic}
            to={myTopicDetailPath({
              batch: batchId,
              subject: batchSubjectId,
              chapter: chapterId,
              topic: topic._id,
            })}
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
          {
            label: subject?.subject_title ?? LABELS.chaptersTitle,
            to: myChaptersPath({ batch: batchId, subject: batchSubjectId }),
          },
          { label: chapter?.title ?? LABELS.topicsTitle },
        ]}
      />
      <PageHeader title={chapter?.title ?? LABELS.topicsTitle} />
      <Stack gap="lg">
        {chapter && (
          <Paper withBorder radius="md" p="md" maw={560} aria-label={LABELS.learnProgress}>
            <Title order={2} size="h5" mb="sm">
              {LABELS.learnProgress}
            </Title>
            <ProgressSummary chapter={chapter} />
          </Paper>
        )}
        {content}
      </Stack>
    </>
  );
}
