import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { EvaluationRow } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { Fragment } from 'react';
import { LetteredOption, optionLetter, QuestionTitle } from '../../assessments/components/QuestionItem';
import { sheetName } from '../exam-answers';

type Option = EvaluationRow['options'][number];

/** The options `pick` takes, lettered by their place among all the options. */
const lettered = (row: EvaluationRow, pick: (option: Option) => boolean) =>
  [...row.options]
    .sort((a, b) => a.position - b.position)
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => pick(option));

/**
 * Lettered options in one line, separated by commas, each with the student's own letter where
 * their options were shuffled (decision 39).
 */
function OptionList({ options }: { options: { option: Option; index: number }[] }) {
  return options.map(({ option, index }, at) => (
    <Fragment key={option._id}>
      {at > 0 && ', '}
      <LetteredOption index={index} title={option.title} />
      {option.shown_position != null && option.shown_position !== index + 1 && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({formatMessage(LABELS.examShownLetter, { letter: optionLetter(option.shown_position - 1) })})
        </Text>
      )}
    </Fragment>
  ));
}

function Answer({ row }: { row: EvaluationRow }) {
  if (row.question_type === 'UPLOAD') {
    if (row.file_urls.length === 0) return <Text size="sm">{LABELS.examNoAnswer}</Text>;
    return (
      <Stack gap={2}>
        {row.file_urls.map((url) => (
          <Group key={url} gap={4} wrap="nowrap">
            <IconFileText size={14} aria-hidden />
            <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {sheetName(url)}
            </Anchor>
          </Group>
        ))}
      </Stack>
    );
  }
  if (row.question_type === 'TEXT') {
    const text = row.submitted_answer_text?.trim();
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text || LABELS.examNoAnswer}
      </Text>
    );
  }
  const chosen = new Set(row.submitted_answer_ids);
  const picked = lettered(row, (option) => chosen.has(option._id));
  return <Text size="sm">{picked.length > 0 ? <OptionList options={picked} /> : LABELS.examNoAnswer}</Text>;
}

/** One question of the student's evaluated examination: their answer, the right one, the marks. */
export function ResultRow({ number, row }: { number: number; row: EvaluationRow }) {
  const heading = formatMessage(LABELS.assessQuestionN, { n: String(number) });
  const right = lettered(row, (option) => option.correct);
  const marks = formatMessage(LABELS.examMarks, {
    scored: String(row.scored_point ?? 0),
    total: String(row.weightage),
  });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={heading}
      data-correct={row.correct ?? undefined}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{heading}</Text>
          {row.shown_as != null && (
            <Badge variant="outline" color="gray" radius="sm">
              {formatMessage(LABELS.examShownAs, { n: String(row.shown_as) })}
            </Badge>
          )}
          {row.correct !== null && (
            <Badge
              color={row.correct ? 'teal' : 'red'}
              variant="light"
              leftSection={row.correct ? <IconCheck size={12} /> : <IconX size={12} />}
            >
              {row.correct ? LABELS.examCorrect : LABELS.examWrong}
            </Badge>
          )}
        </Group>
        <Badge variant="outline" radius="sm" data-testid="question-marks">
          {marks}
        </Badge>
      </Group>
      <QuestionTitle title={row.question_title} />
      <Stack gap={6} mt="sm">
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            {LABELS.examYourAnswer}
          </Text>
          <Answer row={row} />
        </div>
        {right.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {LABELS.examRightAnswer}
            </Text>
            <Text size="sm" c="teal.8">
              <OptionList options={right} />
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
