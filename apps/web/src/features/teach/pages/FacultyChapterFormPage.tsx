import { Box, Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { PageHeader } from '../../../components/PageHeader';
import { StandaloneChapterForm } from '../../chapters/pages/ChapterFormPage';
import { useTaughtChapter, useTaughtSubject, useTeachParams } from '../api';
import { ChooseSubject, NotAvailable, unready } from '../components/States';
import { TeachBreadcrumb } from '../components/TeachBreadcrumb';
import { teachChaptersPath } from '../links';

/**
 * /me/faculty/subjects/chapters/create and /chapters/edit (with `chapter`): the standalone Add and
 * Edit Chapter forms for one of the faculty member's subjects; success returns to the chapter list.
 */
function FacultyChapterFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { subject: subjectId, chapter: chapterId } = useTeachParams();
  const { resolution } = useTaughtSubject(subjectId);
  const subject = resolution.state === 'ready' ? resolution.value : null;
  const chapter = useTaughtChapter(mode === 'edit' ? subject : null, chapterId);
  const title = mode === 'edit' ? LABELS.editChapterTitle : LABELS.addChapterTitle;

  let body = unready(resolution, <ChooseSubject />);
  if (!body && subject && mode === 'edit') {
    body = unready(chapter.resolution, <NotAvailable />);
  }
  if (!body && subject) {
    const editing = chapter.resolution.state === 'ready' ? chapter.resolution.value : null;
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <StandaloneChapterForm
          key={editing?._id ?? 'new'}
          batchSubject={subject}
          editing={editing}
          backTo={teachChaptersPath({ batch: subject.batch_id, subject: subject._id })}
        />
      </Paper>
    );
  }

  return (
    <Box maw={720}>
      <TeachBreadcrumb subject={subject} current={title} />
      <PageHeader title={title} />
      {body}
    </Box>
  );
}

export const FacultyCreateChapterPage = () => <FacultyChapterFormPage mode="create" />;
export const FacultyEditChapterPage = () => <FacultyChapterFormPage mode="edit" />;
