import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { SelfAssessmentResultQuestion } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconCheck, IconX } from '@tabler/icons-react';
import { OptionText, optionLetter, QuestionTitle } from '../../assessments/components/QuestionItem';
import classes from './ResultQuestion.module.css';

/** One question after submission: every option, the right ones and the student's marked. */
export function ResultQuestion({
  number,
  question,
}: {
  number: number;
  question: SelfAssessmentResultQuestion;
}) {
  const heading = formatMessage(LABELS.assessQuestionN, { n: String(number) });
  const right = new Set(question.correct_answer_ids);
  const chosen = new Set(question.submitted_answer_ids);
  const options = [...question.answers].sort((a, b) => a.position - b.position);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={heading}
      data-correct={question.correct}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{heading}</Text>
          <Badge
            color={question.correct ? 'teal' : 'red'}
            variant="light"
            leftSection={question.correct ? <IconCheck size={12} /> : <IconX size={12} />}
          >
            {question.correct ? LABELS.selfAnsweredRight : LABELS.selfAnsweredWrong}
          </Badge>
        </Group>
        <Badge variant="outline" radius="sm">
          {formatMessage(LABELS.selfScore, {
            scored: String(question.scored_point),
            total: String(question.weightage),
          })}
        </Badge>
      </Group>
      <QuestionTitle title={question.title} />
      <Stack component="ol" gap={4} mt="sm" p={0} m={0} className={classes.options}>
        {options.map((option, index) => {
          const isRight = right.has(option._id);
          const isChosen = chosen.has(option._id);
          return (
            <Group
              component="li"
              key={option._id}
              gap="xs"
              wrap="wrap"
              className={classes.option}
              data-right={isRight || undefined}
              data-wrong-choice={(isChosen && !isRight) || undefined}
            >
              <Text size="sm" style={{ flex: 1, minWidth: 120, overflowWrap: 'anywhere' }}>
                <b>{optionLetter(index)}.</b> <OptionText title={option.title} />
              </Text>
              {isChosen && (
                <Badge size="sm" variant="filled" color={isRight ? 'teal' : 'red'}>
                  {LABELS.selfYourAnswer}
                </Badge>
              )}
              {isRight && (
                <Badge size="sm" variant="light" color="teal" leftSection={<IconCheck size={12} />}>
                  {LABELS.selfRightAnswer}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
