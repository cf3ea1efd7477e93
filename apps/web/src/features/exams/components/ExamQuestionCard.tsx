import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Badge, Button, Checkbox, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { ExamQuestion } from '@portal/shared';
import { formatMessage, LABELS, QUESTION_TYPE_NAMES } from '@portal/shared/messages';
import { EXAM_ANSWER_TEXT_MAX } from '@portal/shared/schemas/exams';
import { IconFlag, IconFlagFilled } from '@tabler/icons-react';
import type { Ref } from 'react';
import { LetteredOption, QuestionTitle } from '../../assessments/components/QuestionItem';
import { marksLabel } from '../../assessments/counts';
import type { Draft } from '../exam-answers';
import { AnswerSheets } from './AnswerSheets';
import classes from './ExamQuestionCard.module.css';

/** An answer's row: chosen anywhere on it, at least 44 px high (the exam's answer controls). */
const OPTION_CLASSES = {
  body: classes.optionBody,
  labelWrapper: classes.optionLabelWrapper,
  label: classes.optionLabel,
};

export interface ExamQuestionHandlers {
  onChoose: (optionIds: string[]) => void;
  onType: (text: string) => void;
  onAddSheet: (url: string) => void;
  onRemoveSheet: (url: string) => void;
  onToggleMark: () => void;
}

interface ExamQuestionCardProps extends ExamQuestionHandlers {
  number: number;
  question: ExamQuestion;
  draft: Draft;
  uploadAllowed: boolean;
  /** Submitted or submitting: nothing changes any more. */
  locked: boolean;
  /** The section, for the palette to bring into view and to see it was visited. */
  sectionRef?: Ref<HTMLElement>;
}

/**
 * One question of the examination as the student answers it: radio buttons (single choice, true /
 * false), checkboxes (multiple choice), a text box, or answer sheets to upload.
 */
export function ExamQuestionCard(props: ExamQuestionCardProps) {
  const { number, question, draft, uploadAllowed, locked } = props;
  const heading = formatMessage(LABELS.assessQuestionN, { n: String(number) });
  const options = [...question.answers].sort((a, b) => a.position - b.position);
  const marked = draft.marked;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={heading}
      ref={props.sectionRef}
      tabIndex={-1}
      data-question-id={question._id}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 110px)' }}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{heading}</Text>
          <Badge variant="light" color="gray" radius="sm">
            {QUESTION_TYPE_NAMES[question.type]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline" radius="sm">
            {marksLabel(question.weightage)}
          </Badge>
          <Button
            size="xs"
            // An answer control: at least 44 px high, like the choices and the palette.
            mih={44}
            variant={marked ? 'filled' : 'default'}
            color="violet"
            aria-pressed={marked}
            leftSection={marked ? <IconFlagFilled size={14} /> : <IconFlag size={14} />}
            onClick={props.onToggleMark}
            disabled={locked}
          >
            {LABELS.examMarkForReview}
          </Button>
        </Group>
      </Group>
      <QuestionTitle title={question.title} />
      {question.type === 'MULTIPLE_CHOICE' && (
        <Checkbox.Group
          value={[...draft.optionIds]}
          onChange={props.onChoose}
          description={LABELS.selfChooseMany}
          mt="sm"
        >
          <Stack gap={4} mt="xs">
            {options.map((option, index) => (
              <Checkbox
                key={option._id}
                value={option._id}
                label={<LetteredOption index={index} title={option.title} />}
                disabled={locked}
                size="md"
                classNames={OPTION_CLASSES}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {(question.type === 'SINGLE_CHOICE' || question.type === 'BOOLEAN') && (
        <Radio.Group value={draft.optionIds[0] ?? null} onChange={(id) => props.onChoose([id])} mt="sm">
          <Stack gap={4}>
            {options.map((option, index) => (
              <Radio
                key={option._id}
                value={option._id}
                label={<LetteredOption index={index} title={option.title} />}
                disabled={locked}
                size="md"
                classNames={OPTION_CLASSES}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {question.type === 'TEXT' && (
        <Textarea
          mt="sm"
          label={LABELS.examAnswerText}
          aria-label={`${LABELS.examAnswerText}: ${heading}`}
          value={draft.text}
          onChange={(event) => props.onType(event.currentTarget.value)}
          maxLength={EXAM_ANSWER_TEXT_MAX}
          autosize
          minRows={3}
          maxRows={12}
          disabled={locked}
        />
      )}
      {question.type === 'UPLOAD' && (
        <AnswerSheets
          number={number}
          files={draft.files}
          allowed={uploadAllowed}
          disabled={locked}
          onAdd={props.onAddSheet}
          onRemove={props.onRemoveSheet}
        />
      )}
    </Paper>
  );
}
