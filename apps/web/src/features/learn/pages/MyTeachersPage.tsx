import { SimpleGrid } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useMyFaculties } from '../api';
import { TeacherCard } from '../components/TeacherCard';
import { MY_SUBJECTS_PATH } from '../links';

/** /me/teachers: the teachers of the student's subjects (learning §2 "My teachers"). */
export function MyTeachersPage() {
  const faculties = useMyFaculties();
  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.learnMySubjects, to: MY_SUBJECTS_PATH },
          { label: LABELS.learnTeachersTitle },
        ]}
      />
      <PageHeader title={LABELS.learnTeachersTitle} />
      {faculties.isPending ? (
        <Loading />
      ) : faculties.isError ? (
        <EmptyNote text={errorMessage(faculties.error)} />
      ) : faculties.data.length === 0 ? (
        <EmptyNote text={MESSAGES.noFaculties} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {faculties.data.map((teacher) => (
            <TeacherCard key={teacher._id} teacher={teacher} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
