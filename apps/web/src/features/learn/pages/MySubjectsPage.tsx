import { Grid, SimpleGrid, TextInput } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useMyBatchSubjects } from '../../subjects/api';
import { MySubjectCard } from '../components/MySubjectCard';
import { SubjectSideTabs } from '../components/SubjectSideTabs';
import { myChaptersPath } from '../links';

/** /me/subjects: the student's subjects with a title search, and the Teachers and Doubts tabs. */
export function MySubjectsPage() {
  const subjects = useMyBatchSubjects();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (subjects.data ?? []).filter((subject) =>
    subject.subject_title.toLowerCase().includes(needle),
  );

  let content: ReactNode;
  if (subjects.isPending) content = <Loading />;
  else if (subjects.isError) {
    content = <LoadFailed message={errorMessage(subjects.error)} retry={() => subjects.refetch()} />;
  } else if (subjects.data.length === 0) content = <EmptyNote text={MESSAGES.noSubjectsAvailable} />;
  else if (shown.length === 0) content = <EmptyNote text={LABELS.learnNoMatchingSubjects} />;
  else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="md">
        {shown.map((subject) => (
          <MySubjectCard
            key={subject._id}
            subject={subject}
            to={myChaptersPath({ batch: subject.batch_id, subject: subject._id })}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.learnMySubjects }]} />
      <PageHeader title={LABELS.learnMySubjects} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            mb="md"
            maw={420}
            aria-label={LABELS.learnSearchSubjects}
            placeholder={LABELS.learnSearchSubjects}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          {content}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SubjectSideTabs />
        </Grid.Col>
      </Grid>
    </>
  );
}
