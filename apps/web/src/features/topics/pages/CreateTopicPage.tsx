import { Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useNavigate, useParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { chaptersPath, subjectsPath } from '../../subjects/links';
import { TopicForm } from '../components/TopicForm';
import { topicsPath } from '../links';

/** /batch/:batchId/subjects/:subjectId/chapters/:chapterId/create-topic (standalone Add Topic). */
export function CreateTopicPage() {
  const { batchId = '', subjectId = '', chapterId = '' } = useParams();
  const navigate = useNavigate();
  const back = () => navigate(topicsPath(batchId, subjectId, chapterId));
  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.subjectsTitle, to: subjectsPath(batchId) },
          { label: LABELS.chaptersTitle, to: chaptersPath(batchId, subjectId) },
          { label: LABELS.topicsTitle, to: topicsPath(batchId, subjectId, chapterId) },
          { label: LABELS.addTopicTitle },
        ]}
      />
      <PageHeader title={LABELS.addTopicTitle} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={860}>
        <TopicForm chapterId={chapterId} authorRequired onSaved={back} onCancel={back} />
      </Paper>
    </>
  );
}
