import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AssessmentQuestionType } from '@portal/shared';
import { formatMessage, LABELS, QUESTION_TYPE_NAMES } from '@portal/shared/messages';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { marksLabel } from '../counts';
import { safeOptionHtml, safeQuestionHtml } from '../question-html';
import classes from './QuestionItem.module.css';

/** Options are lettered A, B, C… by position (decision 18). */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** A question title (HTML from the import formats), rendered through the allow-list only. */
export function QuestionTitle({ title }: { title: string }) {
  const html = useMemo(() => safeQuestionHtml(title), [title]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to the allow-list of decision 27 just above
  return <Box className={classes.title} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** An option's text (HTML from the import formats, or escaped text), inline, through the allow-list. */
export function OptionText({ title }: { title: string }) {
  const html = useMemo(() => safeOptionHtml(title), [title]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to the allow-list of decision 27 just above
  return <span className={classes.optionText} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** "A. <option>", as a choice's label or an answer's line. */
export function LetteredOption({ index, title }: { index: number; title: string }) {
  return (
    <>
      {optionLetter(index)}. <OptionText title={title} />
    </>
  );
}

export interface ShownQuestion {
  number: number;
  title: string;
  type: AssessmentQuestionType;
  marks: number;
  options: { key: string; title: string; correct: boolean }[];
  /** Where it starts in an imported file (the preview). */
  line?: number | null;
}

/**
 * A question with its type, marks and options, the right ones marked (authors' views and the
 * preview); `action` beside the marks (Regrade).
 */
export function QuestionItem({ question, action }: { question: ShownQuestion; action?: ReactNode }) {
  const number = String(question.number);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={formatMessage(LABELS.assessQuestionN, { n: number })}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{formatMessage(LABELS.assessQuestionN, { n: number })}</Text>
          <Badge variant="light" color="gray" radius="sm">
            {QUESTION_TYPE_NAMES[question.type]}
          </Badge>
          {question.line != null && (
            <Text size="xs" c="dimmed">
              {formatMessage(LABELS.importProblemAt, { line: String(question.line) })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Badge variant="outline" radius="sm">
            {marksLabel(question.marks)}
          </Badge>
          {action}
        </Group>
      </Group>
      <QuestionTitle title={question.title} />
      {question.options.length > 0 && (
        <Stack
          component="ol"
          gap={4}
          mt="sm"
          p={0}
          m={0}
          className={classes.options}
          aria-label={formatMessage(LABELS.assessOptionsOf, { n: number })}
        >
          {question.options.map((option, index) => (
            <Group
              component="li"
              key={option.key}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              className={classes.option}
              data-correct={option.correct || undefined}
            >
              <Text fw={600} size="sm" w={20}>
                {optionLetter(index)}.
              </Text>
              <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                <OptionText title={option.title} />
              </Text>
              {option.correct && (
                <Group gap={4} wrap="nowrap">
                  <ThemeIcon color="teal" size="sm" radius="xl" variant="light">
                    <IconCheck size={14} />
                  </ThemeIcon>
                  <Text size="xs" c="teal.8" fw={600}>
                    {LABELS.assessCorrectOption}
                  </Text>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
