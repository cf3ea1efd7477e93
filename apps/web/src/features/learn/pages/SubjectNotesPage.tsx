import { Paper, Stack } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useMyBatchSubjects } from '../../subjects/api';
import { useSubjectNotes } from '../api';
import { NoteGroups } from '../components/NoteGroups';
import { SubjectPicker } from '../components/SubjectPicker';
import { MY_SUBJECTS_PATH, myChaptersPath } from '../links';

/** /me/subjects/notes?subject=: the student's notes of one batch subject per topic, read-only. */
export function SubjectNotesPage() {
  const [params, setParams] = useSearchParams();
  const batchSubjectId = params.get('subject');
  const subjects = useMyBatchSubjects();
  const subject = subjects.data?.find((candidate) => candidate._id === batchSubjectId);
  const notes = useSubjectNotes(batchSubjectId);

  if (notes.isError && isNotAvailable(notes.error)) {
    return <NotAvailable text={MESSAGES.contentNotAvailable} />;
  }

  let content: ReactNode;
  if (!batchSubjectId) content = <EmptyNote text={MESSAGES.selectASubject} />;
  else if (notes.isPending) content = <Loading />;
  else if (notes.isError) {
    content = <LoadFailed message={errorMessage(notes.error)} retry={() => notes.refetch()} />;
  } else if (notes.items.length === 0) content = <EmptyNote text={MESSAGES.noNotes} />;
  else
    content = (
      <>
        <NoteGroups notes={notes.items} editable={false} />
        <LoadMore list={notes} auto />
      </>
    );

  const title = subject
    ? formatMessage(LABELS.learnSubjectNotesTitle, { subject: subject.subject_title })
    : LABELS.learnNotesTitle;
  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.learnMySubjects, to: MY_SUBJECTS_PATH },
          {
            label: subject?.subject_title ?? LABELS.chaptersTitle,
            to: myChaptersPath({ batch: subject?.batch_id, subject: batchSubjectId }),
          },
          { label: LABELS.learnNotesTitle },
        ]}
      />
      <PageHeader title={title} />
      <Stack gap="md">
        <SubjectPicker
          subjects={subjects.data}
          value={batchSubjectId}
          loading={subjects.isPending}
          onChange={(next) => setParams({ batch: next.batch_id, subject: next._id })}
        />
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {content}
        </Paper>
      </Stack>
    </>
  );
}
