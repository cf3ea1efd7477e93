import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AssessmentQuestions } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { NO_FILES } from '@portal/shared/schemas/assessments';
import { IconArrowLeft, IconDownload, IconPlaylistAdd, IconScale } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useDateTimeText } from '../../../lib/time-zone';
import { useAssessmentHistory, useAssessmentQuestions } from '../api';
import { AddQuestionsModal } from '../components/AddQuestionsModal';
import { STATUS_BADGE } from '../components/AssessmentCard';
import { QuestionItem } from '../components/QuestionItem';
import { RegradeHistory } from '../components/RegradeHistory';
import { RegradeModal } from '../components/RegradeModal';
import { marksLabel, questionCountLabel } from '../counts';
import { CREATE_ASSESSMENT_PATH } from '../links';
import classes from './AssessmentQuestionsPage.module.css';

const goBack = { label: LABELS.assessGoBack, to: CREATE_ASSESSMENT_PATH };

/** The question paper (a PDF) in the spec's 1200 px frame, narrower on smaller screens. */
function QuestionPaper({ url }: { url: string }) {
  return (
    <Box className={classes.paperFrame}>
      <iframe src={url} title={LABELS.assessPaperFrame} className={classes.paper} />
    </Box>
  );
}

function Questions({ data }: { data: AssessmentQuestions }) {
  const timeText = useDateTimeText();
  const { assessment, questions } = data;
  const [adding, setAdding] = useState(false);
  const [regrading, setRegrading] = useState<number | null>(null);
  const paper = assessment.url !== NO_FILES ? assessment.url : null;
  const status = STATUS_BADGE[assessment.status];
  // Once students have sat it and until Marks Evaluated, a wrong key can be corrected (decision 39).
  const regradable =
    assessment.settings_frozen && assessment.status !== 'EVOLUTED' && assessment.status !== 'CANCELED';
  const history = useAssessmentHistory(assessment._id, assessment.settings_frozen);

  let list: ReactNode;
  if (questions.length > 0) {
    list = (
      <Stack gap="sm">
        {questions.map((question, index) => (
          <QuestionItem
            key={question._id}
            question={{
              number: index + 1,
              title: question.title,
              type: question.type,
              marks: question.weightage,
              options: [...question.answers]
                .sort((a, b) => a.position - b.position)
                .map((option) => ({ key: option._id, title: option.title, correct: option.correct })),
            }}
            action={
              regradable && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconScale size={14} />}
                  aria-label={formatMessage(LABELS.regradeTitle, { n: String(index + 1) })}
                  onClick={() => setRegrading(index)}
                >
                  {LABELS.regradeButton}
                </Button>
              )
            }
          />
        ))}
      </Stack>
    );
  } else if (paper) {
    list = <EmptyNote text={MESSAGES.questionUploadedAsFile} />;
  } else if (assessment.can_edit) {
    list = <EmptyNote text={MESSAGES.questionsNotUploaded} />;
  } else {
    list = <EmptyNote text={MESSAGES.noQuestionsUploaded} />;
  }

  return (
    <>
      <PageBreadcrumb
        crumbs={[{ label: LABELS.assessTitle, to: CREATE_ASSESSMENT_PATH }, { label: assessment.title }]}
      />
      <PageHeader
        title={assessment.title}
        actions={
          <>
            {paper && (
              <Button
                component="a"
                href={paper}
                download
                variant="light"
                leftSection={<IconDownload size={16} />}
              >
                {LABELS.assessDownloadPaper}
              </Button>
            )}
            {assessment.can_edit && (
              <Button
                variant="default"
                leftSection={<IconPlaylistAdd size={16} />}
                onClick={() => setAdding(true)}
              >
                {LABELS.assessAddQuestion}
              </Button>
            )}
            <Button component={Link} to={goBack.to} leftSection={<IconArrowLeft size={16} />}>
              {goBack.label}
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {assessment.batch_title} · {assessment.subject_title} ({assessment.subject_code})
            </Text>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          </Group>
          <Group gap="lg" mt="xs" wrap="wrap">
            <Text size="sm">
              {LABELS.assessStart}: <b>{timeText(assessment.start_date)}</b>
            </Text>
            <Text size="sm">
              {LABELS.assessDue}: <b>{timeText(assessment.due_date)}</b>
            </Text>
            <Text size="sm">
              {questionCountLabel(assessment.questions_count)} · {marksLabel(assessment.total_marks)}
            </Text>
          </Group>
          {assessment.description && (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {assessment.description}
            </Text>
          )}
        </Paper>
        {paper && <QuestionPaper url={paper} />}
        {list}
        {history.data && history.data.regrades.length > 0 && (
          <RegradeHistory regrades={history.data.regrades} questions={questions} />
        )}
      </Stack>
      <AddQuestionsModal assessment={adding ? assessment : null} onClose={() => setAdding(false)} />
      <RegradeModal
        assessmentId={assessment._id}
        question={regrading === null ? null : (questions[regrading] ?? null)}
        number={(regrading ?? 0) + 1}
        onClose={() => setRegrading(null)}
      />
    </>
  );
}

/**
 * /assessment/questions/{assessmentId} (moderators and faculty): the assessment, its question
 * paper when it has one, and each question with its marks and options, the right ones marked.
 * Loaded by id, so the page survives a reload and a shared link.
 */
export function AssessmentQuestionsPage() {
  const { assessmentId } = useParams();
  const questions = useAssessmentQuestions(assessmentId ?? null);
  if (questions.isPending) return <Loading />;
  if (questions.isError && isNotAvailable(questions.error))
    return <NotAvailable text={LABELS.assessNotAvailable} action={goBack} />;
  if (questions.isError) {
    return <LoadFailed message={errorMessage(questions.error)} retry={() => questions.refetch()} />;
  }
  return <Questions data={questions.data} />;
}
