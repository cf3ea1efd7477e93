import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Badge, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type Assessment, SUBMISSION_STATES, type SubmissionState } from '@portal/shared';
import { truncateGraphemes } from '@portal/shared/i18n/graphemes';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { type Crumb, PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useAssessmentQuestions } from '../../assessments/api';
import { STATUS_BADGE } from '../../assessments/components/AssessmentCard';
import { useSubmissions } from '../api';
import { MarksEvaluatedButton } from '../components/MarksEvaluatedButton';
import { QuestionGrading } from '../components/QuestionGrading';
import { SubmissionList } from '../components/SubmissionList';
import { SubmissionReview } from '../components/SubmissionReview';
import { EVALUATIONS_PATH, submissionsPath } from '../links';

const FILTER_LABELS: Record<SubmissionState, string> = {
  all: LABELS.evalFilterAll,
  evaluated: LABELS.evalFilterEvaluated,
  notEvaluated: LABELS.evalFilterNotEvaluated,
};

const toEvaluations = { label: LABELS.evalGoToEvaluations, to: EVALUATIONS_PATH };

/** The question picker of grade by question: Q1: title… (titles are HTML; the picker shows their text). */
function QuestionPicker({ assessmentId, value }: { assessmentId: string; value: string | null }) {
  const questions = useAssessmentQuestions(assessmentId);
  const patchParams = usePatchSearchParams();
  const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  const data = (questions.data?.questions ?? []).map((question, index) => ({
    value: question._id,
    label: formatMessage(LABELS.evalQuestionOption, {
      n: String(index + 1),
      title: truncateGraphemes(plain(question.title), 80),
    }),
  }));
  return (
    <Select
      label={LABELS.evalGradeByQuestion}
      placeholder={LABELS.evalChooseQuestion}
      data={data}
      value={value}
      onChange={(next) => patchParams({ question: next, student: null })}
      disabled={questions.isPending || data.length === 0}
      w={{ base: '100%', sm: 360 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The page's summary line: batch, subject, status and the responses checked of those received. */
function AssessmentSummary({ assessment }: { assessment: Assessment }) {
  const status = STATUS_BADGE[assessment.status];
  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {assessment.batch_title} · {assessment.subject_title} ({assessment.subject_code})
      </Text>
      <Badge color={status.color} variant="light">
        {status.label}
      </Badge>
      <Text size="sm" fw={500} data-testid="evaluation-responses">
        {formatMessage(LABELS.evalResponses, {
          checked: String(assessment.submissions_evoluted),
          received: String(assessment.submissions_received),
        })}
      </Text>
    </Group>
  );
}

/**
 * /faculty/assessments/submissions?assessment=… (learning §2, §4, §5; decision 28): the students of
 * the batch subject with their submission state (filter all / evaluated / notEvaluated), one
 * student's submission (`student=`) or one question across every submission (`question=`), and
 * Marks Evaluated while the assessment is CLOSED.
 */
export function SubmissionsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const assessmentId = params.get('assessment');
  const studentId = params.get('student');
  const questionId = params.get('question');
  const stateParam = params.get('state') as SubmissionState | null;
  const state: SubmissionState = stateParam && SUBMISSION_STATES.includes(stateParam) ? stateParam : 'all';
  // The reviews step through every submission; the list shows the filter's.
  const everyone = useSubmissions(assessmentId, 'all');
  const filtered = useSubmissions(assessmentId, state);

  if (!assessmentId) return <NotAvailable text={LABELS.evalChooseAssessment} action={toEvaluations} />;
  if (everyone.isPending) return <Loading />;
  if (everyone.isError) {
    if (isNotAvailable(everyone.error))
      return <NotAvailable text={LABELS.assessNotAvailable} action={toEvaluations} />;
    return <LoadFailed message={errorMessage(everyone.error)} retry={() => everyone.refetch()} />;
  }
  const { assessment, students } = everyone.data;
  const listPath = submissionsPath(assessment._id, { state });
  const student = studentId ? students.find((candidate) => candidate.student_id === studentId) : undefined;

  const crumbs: Crumb[] = [{ label: LABELS.evalTitle, to: EVALUATIONS_PATH }];
  let body: ReactNode;
  if (studentId) {
    crumbs.push({ label: assessment.title, to: listPath }, { label: student?.student_name ?? '' });
    body = <SubmissionReview assessment={assessment} studentId={studentId} students={students} />;
  } else if (questionId) {
    crumbs.push({ label: assessment.title, to: listPath }, { label: LABELS.evalGradeByQuestion });
    body = <QuestionGrading assessment={assessment} questionId={questionId} />;
  } else {
    crumbs.push({ label: assessment.title });
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={LABELS.evalFilter}
            data={SUBMISSION_STATES.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={state}
            onChange={(next) => patchParams({ state: next === 'all' ? null : next }, { replace: true })}
          />
          {assessment.questions_count > 0 && <QuestionPicker assessmentId={assessment._id} value={null} />}
        </Group>
        {filtered.isPending ? (
          <Loading />
        ) : filtered.isError ? (
          <LoadFailed message={errorMessage(filtered.error)} retry={() => filtered.refetch()} />
        ) : (
          <SubmissionList assessment={assessment} students={filtered.data.students} />
        )}
      </Stack>
    );
  }

  const back = (studentId || questionId) && (
    <Button variant="default" component={Link} to={listPath} leftSection={<IconArrowLeft size={16} />}>
      {LABELS.evalBackToSubmissions}
    </Button>
  );

  return (
    <>
      <PageBreadcrumb crumbs={crumbs} />
      <PageHeader
        title={assessment.title}
        actions={
          <>
            {back}
            <MarksEvaluatedButton assessment={assessment} />
          </>
        }
      />
      <AssessmentSummary assessment={assessment} />
      {questionId && !studentId && (
        <Group mb="md">
          <QuestionPicker assessmentId={assessment._id} value={questionId} />
        </Group>
      )}
      {body}
    </>
  );
}
