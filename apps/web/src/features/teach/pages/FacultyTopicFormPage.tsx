import { Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useRequiredAccount } from '../../../lib/session';
import { TopicForm } from '../../topics/components/TopicForm';
import { useTaughtChapter, useTaughtSubject, useTaughtTopic, useTeachParams } from '../api';
import { ChooseSubject, NotAvailable, unready } from '../components/States';
import { TeachBreadcrumb } from '../components/TeachBreadcrumb';
import { teachTopicsPath } from '../links';

/** /me/faculty/subjects/chapters/topics/create (`subject`, `chapter`): the standalone Add Topic. */
export function FacultyCreateTopicPage() {
  const { entity_id } = useRequiredAccount();
  const navigate = useNavigate();
  const { subject: subjectId, chapter: chapterId } = useTeachParams();
  const taught = useTaughtSubject(subjectId);
  const subject = taught.resolution.state === 'ready' ? taught.resolution.value : null;
  const { resolution } = useTaughtChapter(subject, chapterId);
  const chapter = resolution.state === 'ready' ? resolution.value : null;

  let body: ReactNode =
    unready(taught.resolution, <ChooseSubject />) ?? unready(resolution, <NotAvailable />);
  if (!body && subject && chapter) {
    const back = () =>
      navigate(teachTopicsPath({ batch: subject.batch_id, subject: subject._id, chapter: chapter._id }));
    body = (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={860}>
        <TopicForm
          chapterId={chapter._id}
          authorRequired
          fixedAuthorId={entity_id}
          onSaved={back}
          onCancel={back}
        />
      </Paper>
    );
  }
  return (
    <>
      <TeachBreadcrumb subject={subject} chapter={chapter} current={LABELS.addTopicTitle} />
      <PageHeader title={LABELS.addTopicTitle} />
      {body}
    </>
  );
}

/** /me/faculty/subjects/chapters/topics/edit (`topic`): the standalone Edit Topic. */
export function FacultyEditTopicPage() {
  const { entity_id } = useRequiredAccount();
  const navigate = useNavigate();
  const { batch, subject: subjectId, topic: topicId } = useTeachParams();
  const resolution = useTaughtTopic(topicId, subjectId, batch);
  const found = resolution.state === 'ready' ? resolution.value : null;

  let body = unready(resolution, <NotAvailable />);
  if (!body && found) {
    const { topic, subject } = found;
    const back = () =>
      navigate(teachTopicsPath({ batch: subject.batch_id, subject: subject._id, chapter: topic.chapter_id }));
    body = (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={860}>
        <TopicForm
          key={topic._id}
          chapterId={topic.chapter_id}
          topic={topic}
          authorRequired={false}
          fixedAuthorId={entity_id}
          onSaved={back}
          onCancel={back}
        />
      </Paper>
    );
  }
  return (
    <>
      <TeachBreadcrumb subject={found?.subject} current={found?.topic.title ?? LABELS.editTopicTitle} />
      <PageHeader title={LABELS.editTopicTitle} />
      {body}
    </>
  );
}
