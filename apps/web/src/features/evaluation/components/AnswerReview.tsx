import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import { Badge, Group, NumberInput, Paper, Radio, Stack, Text } from '@mantine/core';
import type { EvaluationRow } from '@portal/shared';
import { formatMessage, LABELS, QUESTION_TYPE_NAMES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { OptionText, optionLetter, QuestionTitle } from '../../assessments/components/QuestionItem';
import { marksLabel } from '../../assessments/counts';
import { acceptsMarks, isMarkedByHand, type Mark, needsMarking } from '../marking';
import classes from './AnswerReview.module.css';
import { AnswerSheets } from './AnswerSheets';

type Options = EvaluationRow['options'];

/**
 * The question's options in the paper's order with the student's choice and the right ones marked,
 * and the student's own letter where their options were shuffled (decision 39).
 */
export function ChoiceAnswer({ options, chosen }: { options: Options; chosen: readonly string[] }) {
  const picked = new Set(chosen);
  return (
    <Stack component="ol" gap={4} p={0} m={0} className={classes.options}>
      {[...options]
        .sort((a, b) => a.position - b.position)
        .map((option, index) => (
          <Group
            component="li"
            key={option._id}
            gap="xs"
            wrap="nowrap"
            align="flex-start"
            className={classes.option}
            data-correct={option.correct || undefined}
            data-chosen={picked.has(option._id) || undefined}
          >
            <Text fw={600} size="sm" w={20}>
              {optionLetter(index)}.
            </Text>
            <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
              <OptionText title={option.title} />
            </Text>
            <Group gap={4} wrap="wrap" justify="flex-end">
              {option.shown_position != null && option.shown_position !== index + 1 && (
                <Badge size="sm" variant="outline" color="gray" data-testid="shown-letter">
                  {formatMessage(LABELS.evalShownLetter, { letter: optionLetter(option.shown_position - 1) })}
                </Badge>
              )}
              {picked.has(option._id) && (
                <Badge size="sm" variant="light" color={option.correct ? 'teal' : 'red'}>
                  {LABELS.evalChosen}
                </Badge>
              )}
              {option.correct && (
                <Badge size="sm" variant="outline" color="teal">
                  {LABELS.evalRightAnswer}
                </Badge>
              )}
            </Group>
          </Group>
        ))}
    </Stack>
  );
}

/** What the student answered: chosen options, the text, or the uploaded sheets. */
function GivenAnswer({ row }: { row: EvaluationRow }) {
  if (row.options.length > 0) return <ChoiceAnswer options={row.options} chosen={row.submitted_answer_ids} />;
  const text = row.submitted_answer_text?.trim();
  const files = row.file_urls;
  if (!text && files.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {LABELS.evalNoAnswer}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {text && (
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
          <Text size="sm" className={classes.text}>
            {text}
          </Text>
        </Paper>
      )}
      {files.length > 0 && <AnswerSheets urls={files} />}
    </Stack>
  );
}

/** Correct or Wrong with the marks scored, once known (choice answers on submit, the rest once assessed). */
export function ResultBadge({ row }: { row: Pick<EvaluationRow, 'correct' | 'scored_point' | 'weightage'> }) {
  if (row.correct === null) return null;
  return (
    <Group gap="xs" data-testid="answer-result">
      <Badge color={row.correct ? 'teal' : 'red'} variant="filled">
        {row.correct ? LABELS.evalCorrect : LABELS.evalWrong}
      </Badge>
      <Text size="sm" fw={500}>
        {formatMessage(LABELS.evalMarksScored, {
          scored: String(row.scored_point ?? 0),
          max: String(row.weightage),
        })}
      </Text>
    </Group>
  );
}

/** Correct / Wrong, and for an upload the marks (blank is 0; beyond the weightage is ignored). */
function MarkingControls({
  row,
  number,
  mark,
  onMark,
}: {
  row: EvaluationRow;
  number: number;
  mark: Mark;
  onMark: (mark: Mark) => void;
}) {
  const n = String(number);
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <Radio.Group
        label={formatMessage(LABELS.evalMarking, { n })}
        value={mark.correct === null ? null : String(mark.correct)}
        onChange={(value) => onMark({ ...mark, correct: value === 'true' })}
      >
        <Group gap="md" mt={6}>
          <Radio value="true" label={LABELS.evalCorrect} color="teal" />
          <Radio value="false" label={LABELS.evalWrong} color="red" />
        </Group>
      </Radio.Group>
      {row.question_type === 'UPLOAD' && (
        <NumberInput
          label={formatMessage(LABELS.evalMarksField, { max: String(row.weightage) })}
          value={mark.marks}
          onChange={(value) => onMark({ ...mark, marks: value })}
          isAllowed={({ floatValue }) => acceptsMarks(floatValue, row.weightage)}
          min={0}
          max={row.weightage}
          allowNegative={false}
          decimalScale={2}
          placeholder="0"
          w={160}
        />
      )}
    </Group>
  );
}

interface AnswerReviewProps {
  row: EvaluationRow;
  /** The question's number in the paper. */
  number: number;
  /** The card's heading: the question (one submission) or the student (grade by question). */
  heading: ReactNode;
  /** The accessible name of the card. */
  label: string;
  /** Shows the question's title (one submission); grade by question shows it once above. */
  showQuestion: boolean;
  /** The marks may still change (neither evaluated nor canceled). */
  editable: boolean;
  mark: Mark;
  onMark: (mark: Mark) => void;
  /** Beside the heading (the ineligible flag). */
  aside?: ReactNode;
}

/** One answer under evaluation: the question, the student's answer, and its marking or result. */
export function AnswerReview({
  row,
  number,
  heading,
  label,
  showQuestion,
  editable,
  mark,
  onMark,
  aside,
}: AnswerReviewProps) {
  const marking = editable && needsMarking(row);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={label}
      data-marking={marking || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{heading}</Text>
          <Badge variant="light" color="gray" radius="sm">
            {QUESTION_TYPE_NAMES[row.question_type]}
          </Badge>
          {row.shown_as != null && (
            <Badge variant="outline" color="gray" radius="sm" data-testid="shown-as">
              {formatMessage(LABELS.evalShownAs, { n: String(row.shown_as) })}
            </Badge>
          )}
          {aside}
        </Group>
        <Badge variant="outline" radius="sm">
          {marksLabel(row.weightage)}
        </Badge>
      </Group>
      <Stack gap="sm">
        {showQuestion && <QuestionTitle title={row.question_title} />}
        <GivenAnswer row={row} />
        {marking ? (
          <MarkingControls row={row} number={number} mark={mark} onMark={onMark} />
        ) : isMarkedByHand(row) && !row.assessed ? null : (
          <ResultBadge row={row} />
        )}
      </Stack>
    </Paper>
  );
}
