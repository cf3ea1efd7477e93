import { Center, Loader, Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { chaptersPath, subjectsPath } from '../../subjects/links';
import { useTopic } from '../api';
import { TopicForm } from '../components/TopicForm';
import { topicsPath } from '../links';

/** /batch/:batchId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/edit-topic (standalone Edit). */
export function EditTopicPage() {
  const { batchId = '', subjectId = '', chapterId = '', topicId } = useParams();
  const navigate = useNavigate();
  const topic = useTopic(topicId);
  const back = () => navigate(topicsPath(batchId, subjectId, topic.data?.chapter_id ?? chapterId));

  let body: ReactNode;
  if (topic.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  } else if (topic.isError) {
    body = <EmptyNote text={errorMessage(topic.error)} />;
  } else {
    body = (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={860}>
        <TopicForm
          key={topic.data._id}
          chapterId={topic.data.chapter_id}
          topic={topic.data}
          authorRequired={false}
          onSaved={back}
          onCancel={back}
        />
      </Paper>
    );
  }
  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.subjectsTitle, to: subjectsPath(batchId) },
          { label: LABELS.chaptersTitle, to: chaptersPath(batchId, subjectId) },
          {
            label: LABELS.topicsTitle,
            to: topicsPath(batchId, subjectId, topic.data?.chapter_id ?? chapterId),
          },
          { label: LABELS.editTopicTitle },
        ]}
      />
      <PageHeader title={LABELS.editTopicTitle} />
      {body}
    </>
  );
}
