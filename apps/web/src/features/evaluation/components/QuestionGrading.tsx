import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS, QUESTION_TYPE_NAMES } from '@portal/shared/messages';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { QuestionTitle } from '../../assessments/components/QuestionItem';
import { marksLabel } from '../../assessments/counts';
import { useQuestionSubmissions } from '../api';
import { needsMarking } from '../marking';
import { AnswerReview, ChoiceAnswer } from './AnswerReview';
import { MarkingFooter } from './MarkingFooter';
import { IneligibleBadge, isEditable } from './SubmissionReview';
import { useMarkingForm } from './useMarkingForm';

/** Grade by question (decision 28): one question, then every submission's answer to it, marked together. */
export function QuestionGrading({ assessment, questionId }: { assessment: Assessment; questionId: string }) {
  const graded = useQuestionSubmissions(assessment._id, questionId);
  const rows = graded.data?.answers ?? [];
  const form = useMarkingForm(
    { assessmentId: assessment._id, batchSubjectId: assessment.batch_subject_id, questionId },
    rows,
  );

  if (graded.isPending) return <Loading />;
  if (graded.isError)
    return <LoadFailed message={errorMessage(graded.error)} retry={() => graded.refetch()} />;
  const { question, answers } = graded.data;
  const editable = isEditable(assessment);
  const open = answers.filter(needsMarking).length;
  const number = String(question.position);

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-label={LABELS.evalGradeByQuestion}
      >
        <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              {formatMessage(LABELS.evalQuestionN, { n: number })}
            </Title>
            <Badge variant="light" color="gray" radius="sm">
              {QUESTION_TYPE_NAMES[question.type]}
            </Badge>
          </Group>
          <Badge variant="outline" radius="sm">
            {marksLabel(question.weightage)}
          </Badge>
        </Group>
        <QuestionTitle title={question.title} />
        {question.options.length > 0 && (
          <Stack mt="sm">
            <ChoiceAnswer options={question.options} chosen={[]} />
          </Stack>
        )}
        <Text size="sm" fw={500} mt="sm">
          {open > 0
            ? formatMessage(LABELS.evalAnswersToMark, { n: String(open) })
            : LABELS.evalEveryAnswerMarked}
        </Text>
      </Paper>
      {answers.length === 0 ? (
        <EmptyNote text={LABELS.evalNoSubmissionsToGrade} />
      ) : (
        answers.map((row) => (
          <AnswerReview
            key={row._id}
            row={row}
            number={question.position}
            heading={row.student_name}
            label={formatMessage(LABELS.evalAnswerOf, { name: row.student_name })}
            showQuestion={false}
            editable={editable}
            mark={form.markOf(row._id)}
            onMark={(mark) => form.setMark(row._id, mark)}
            aside={row.eligible ? undefined : <IneligibleBadge />}
          />
        ))
      )}
      {editable && open > 0 && <MarkingFooter form={form} toMark={open} />}
    </Stack>
  );
}
