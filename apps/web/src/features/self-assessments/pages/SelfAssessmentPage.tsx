import '@mantine/core/styles/RingProgress.css';
import { Alert, Button, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';
import type { SelfAssessment, SelfAssessmentResult } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconArrowLeft, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useFormError } from '../../../lib/use-form-error';
import { useTopicProgress } from '../../learn/api';
import { MY_SUBJECTS_PATH, myChaptersPath, myTopicDetailPath, myTopicsPath } from '../../learn/links';
import { useMyBatchSubjects } from '../../subjects/api';
import { type Answers, answeredCount, choose, submissionBody } from '../answers';
import { useSelfAssessment, useSubmitSelfAssessment } from '../api';
import { AnswerQuestion } from '../components/AnswerQuestion';
import { ResultQuestion } from '../components/ResultQuestion';

const percentOf = (scored: number, total: number) => (total > 0 ? Math.round((scored / total) * 100) : 0);

/** The popup after a submission: the score and Retake Assessment (learning §2). */
function ScoreModal({
  result,
  onRetake,
  onClose,
}: {
  result: SelfAssessmentResult | null;
  onRetake: () => void;
  onClose: () => void;
}) {
  const percent = result ? percentOf(result.scored_point, result.total_point) : 0;
  return (
    <Modal opened={result !== null} onClose={onClose} title={LABELS.selfScoreTitle} centered size="sm">
      {result && (
        <Stack align="center" gap="md">
          <RingProgress
            size={140}
            thickness={12}
            roundCaps
            sections={[{ value: percent, color: percent >= 50 ? 'teal' : 'orange' }]}
            label={
              <Text ta="center" fw={700} size="xl" data-testid="self-score">
                {formatMessage(LABELS.selfScore, {
                  scored: String(result.scored_point),
                  total: String(result.total_point),
                })}
              </Text>
            }
          />
          <Group justify="center" gap="sm">
            <Button variant="default" onClick={onClose}>
              {LABELS.close}
            </Button>
            <Button leftSection={<IconRefresh size={16} />} onClick={onRetake}>
              {LABELS.selfRetake}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function TakeSelfAssessment({
  assessment,
  batchSubjectId,
}: {
  assessment: SelfAssessment;
  batchSubjectId: string | null;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<SelfAssessmentResult | null>(null);
  const [scoreShown, setScoreShown] = useState(false);
  const [error, setError] = useFormError();
  const submit = useSubmitSelfAssessment();
  const { questions } = assessment;
  const subjectId = assessment.batch_subject_id ?? batchSubjectId;

  const send = () => {
    setError(null);
    const body = submissionBody(assessment.topic_id, subjectId ?? '', questions, answers);
    if ('error' in body) return setError(body.error);
    submit.mutate(body, {
      onSuccess: (submitted) => {
        setResult(submitted);
        setScoreShown(true);
        window.scrollTo({ top: 0 });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const retake = () => {
    setAnswers({});
    setResult(null);
    setScoreShown(false);
    setError(null);
    window.scrollTo({ top: 0 });
  };

  if (questions.length === 0) return <EmptyNote text={LABELS.selfNoQuestions} />;

  if (result) {
    return (
      <Stack gap="md">
        <Alert color={result.scored_point === result.total_point ? 'teal' : 'blue'} variant="light">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>
              {LABELS.selfScoreTitle}:{' '}
              {formatMessage(LABELS.selfScore, {
                scored: String(result.scored_point),
                total: String(result.total_point),
              })}
            </Text>
            <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={retake}>
              {LABELS.selfRetake}
            </Button>
          </Group>
        </Alert>
        {result.questions.map((question, index) => (
          <ResultQuestion key={question.question_id} number={index + 1} question={question} />
        ))}
        <ScoreModal
          result={scoreShown ? result : null}
          onRetake={retake}
          onClose={() => setScoreShown(false)}
        />
      </Stack>
    );
  }

  const answered = answeredCount(questions, answers);
  return (
    <Stack gap="md">
      {questions.map((question, index) => (
        <AnswerQuestion
          key={question._id}
          number={index + 1}
          question={question}
          chosen={answers[question._id] ?? []}
          onChoose={(ids) => {
            setError(null);
            setAnswers((current) => choose(current, question._id, ids));
          }}
        />
      ))}
      {error && (
        <Alert color="red" variant="light" role="alert" py="xs">
          {error}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {formatMessage(LABELS.selfAnsweredCount, {
            answered: String(answered),
            total: String(questions.length),
          })}
        </Text>
        <Button leftSection={<IconSend size={16} />} onClick={send} loading={submit.isPending}>
          {LABELS.selfSubmit}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /me/subjects/chapters/topics/assessment (`topic`, with `batch`, `subject` and `chapter` as the
 * topic detail passes them): the topic's self assessment. Answer every question, Submit, see the
 * score in a popup and each question's right answer beside the student's; retake at will (every
 * attempt is kept).
 */
export function SelfAssessmentPage() {
  const [params] = useSearchParams();
  const topicId = params.get('topic');
  const batchSubjectId = params.get('subject');
  const assessment = useSelfAssessment(topicId);
  const subjects = useMyBatchSubjects();
  const chapter = useTopicProgress(assessment.data?.chapter_id ?? params.get('chapter')).data?.chapter;

  if (!topicId) return <EmptyNote text={LABELS.learnTopicNotFound} />;
  if (assessment.isPending) return <Loading />;
  if (assessment.isError && isNotAvailable(assessment.error)) {
    return <NotAvailable text={MESSAGES.contentNotAvailable} />;
  }
  if (assessment.isError) {
    return <LoadFailed message={errorMessage(assessment.error)} retry={() => assessment.refetch()} />;
  }

  const data = assessment.data;
  const subjectId = data.batch_subject_id ?? batchSubjectId;
  const subject = subjects.data?.find((candidate) => candidate._id === subjectId);
  const selection = {
    batch: params.get('batch') ?? subject?.batch_id ?? null,
    subject: subjectId,
    chapter: data.chapter_id,
    topic: data.topic_id,
  };
  const topicPath = myTopicDetailPath(selection);

  return (
    <>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.learnMySubjects, to: MY_SUBJECTS_PATH },
          { label: subject?.subject_title ?? LABELS.chaptersTitle, to: myChaptersPath(selection) },
          { label: chapter?.title ?? LABELS.topicsTitle, to: myTopicsPath(selection) },
          { label: data.topic_title, to: topicPath },
          { label: LABELS.selfTitle },
        ]}
      />
      <PageHeader
        title={`${LABELS.selfTitle}: ${data.topic_title}`}
        actions={
          <Button component={Link} to={topicPath} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {LABELS.selfBackToTopic}
          </Button>
        }
      />
      <TakeSelfAssessment key={data.topic_id} assessment={data} batchSubjectId={batchSubjectId} />
    </>
  );
}
