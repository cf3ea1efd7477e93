import { Badge, Button, type ButtonProps, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Assessment, SubmissionSummary } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { useDateTimeText } from '../../../lib/time-zone';
import { useSubmission } from '../api';
import { submissionsPath } from '../links';
import { needsMarking } from '../marking';
import { AnswerReview } from './AnswerReview';
import { LeaveLog } from './LeaveLog';
import { MarkingFooter } from './MarkingFooter';
import { useMarkingForm } from './useMarkingForm';

export const isEditable = (assessment: Assessment) =>
  assessment.status !== 'EVOLUTED' && assessment.status !== 'CANCELED';

/** The flag of a student refused uploads on an exam with upload questions (learning §5). */
export function IneligibleBadge() {
  return (
    <Badge color="red" variant="light" radius="sm">
      {MESSAGES.notEligibleForAssessment}
    </Badge>
  );
}

/** Previous / Next among the submitted students of the list. */
function SubmissionSteps({
  assessmentId,
  studentId,
  students,
}: {
  assessmentId: string;
  studentId: string;
  students: readonly SubmissionSummary[];
}) {
  const submitted = students.filter((student) => student.submitted);
  const at = submitted.findIndex((student) => student.student_id === studentId);
  const previous = at > 0 ? submitted[at - 1] : undefined;
  const next = at >= 0 ? submitted[at + 1] : undefined;
  return (
    <Group gap="xs">
      <StepButton
        to={previous && submissionsPath(assessmentId, { student: previous.student_id })}
        leftSection={<IconChevronLeft size={14} />}
      >
        {LABELS.evalPreviousSubmission}
      </StepButton>
      <StepButton
        to={next && submissionsPath(assessmentId, { student: next.student_id })}
        rightSection={<IconChevronRight size={14} />}
      >
        {LABELS.evalNextSubmission}
      </StepButton>
    </Group>
  );
}

/**
 * A link to the previous or next submission; at either end a disabled button, which the keyboard
 * passes by (a link cannot be disabled: it would still be reached and followed).
 */
function StepButton({ to, ...props }: { to: string | undefined } & Omit<ButtonProps, 'variant' | 'size'>) {
  if (!to) return <Button variant="default" size="xs" disabled {...props} />;
  return <Button variant="default" size="xs" component={Link} to={to} replace {...props} />;
}

/** One student's submission: every answer with Correct / Wrong, upload marks and sheets, and Submit. */
export function SubmissionReview({
  assessment,
  studentId,
  students,
}: {
  assessment: Assessment;
  studentId: string;
  students: readonly SubmissionSummary[];
}) {
  const timeText = useDateTimeText();
  const submission = useSubmission(assessment._id, studentId);
  const rows = submission.data?.answers ?? [];
  const form = useMarkingForm(
    { assessmentId: assessment._id, batchSubjectId: assessment.batch_subject_id },
    rows,
  );
  const steps = <SubmissionSteps assessmentId={assessment._id} studentId={studentId} students={students} />;

  if (submission.isPending) return <Loading />;
  if (submission.isError) {
    const known = students.find((student) => student.student_id === studentId);
    if (known && !known.submitted) return <EmptyNote text={LABELS.evalNotSubmittedYet} />;
    return <LoadFailed message={errorMessage(submission.error)} retry={() => submission.refetch()} />;
  }
  const data = submission.data;
  const editable = isEditable(assessment);
  const open = data.answers.filter(needsMarking).length;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4">
                {formatMessage(LABELS.evalSubmissionOf, { name: data.student_name })}
              </Title>
              {!data.eligible && <IneligibleBadge />}
            </Group>
            <Text size="sm" c="dimmed">
              {formatMessage(LABELS.evalSubmittedAt, { date: timeText(data.submitted_at) })}
              {data.auto_submitted ? ` (${LABELS.evalAutoSubmitted})` : ''}
            </Text>
            {data.assessor_name && (
              <Text size="sm" c="dimmed">
                {formatMessage(LABELS.evalAssessor, { name: data.assessor_name })}
              </Text>
            )}
            {data.leaves && (
              <Stack mt="xs" gap={0}>
                <LeaveLog log={data.leaves} />
              </Stack>
            )}
          </div>
          <Stack gap={4} align="flex-end">
            <Text size="sm" c="dimmed">
              {LABELS.evalScoreLabel}
            </Text>
            <Text fw={700} size="xl" data-testid="submission-score">
              {formatMessage(LABELS.evalScore, {
                scored: String(data.scored_marks),
                total: String(data.total_marks),
              })}
            </Text>
          </Stack>
        </Group>
        <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {open > 0
              ? formatMessage(LABELS.evalAnswersToMark, { n: String(open) })
              : LABELS.evalEveryAnswerMarked}
          </Text>
          {steps}
        </Group>
      </Paper>
      {data.answers.map((row) => (
        <AnswerReview
          key={row._id}
          row={row}
          number={row.position}
          heading={formatMessage(LABELS.evalQuestionN, { n: String(row.position) })}
          label={formatMessage(LABELS.evalQuestionN, { n: String(row.position) })}
          showQuestion
          editable={editable}
          mark={form.markOf(row._id)}
          onMark={(mark) => form.setMark(row._id, mark)}
        />
      ))}
      {editable && open > 0 && <MarkingFooter form={form} toMark={open} />}
    </Stack>
  );
}
