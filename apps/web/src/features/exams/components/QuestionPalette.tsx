import { Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { PALETTE_LABEL, PALETTE_STATES, type PaletteState } from '../palette';
import classes from './QuestionPalette.module.css';

interface QuestionPaletteProps {
  states: readonly PaletteState[];
  counts: Record<PaletteState, number>;
  /** The question shown (one at a time), or null. */
  current: number | null;
  onGo: (index: number) => void;
}

/**
 * The question palette: every question's number coloured by its state (not visited, answered, not
 * answered, marked for review, answered and marked), a legend with each state's count, and the
 * counts in a live region; tapping a number goes to the question.
 */
export function QuestionPalette({ states, counts, current, onGo }: QuestionPaletteProps) {
  const summary = formatMessage(LABELS.examPaletteCounts, {
    answered: String(counts.answered + counts.answeredMarked),
    notAnswered: String(counts.notAnswered),
    marked: String(counts.marked + counts.answeredMarked),
    notVisited: String(counts.notVisited),
  });
  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label={LABELS.examPaletteTitle}>
      <Stack gap="sm">
        <Text fw={700} size="sm">
          {LABELS.examPaletteTitle}
        </Text>
        <div className={classes.grid}>
          {states.map((state, index) => (
            <button
              // Questions keep their place in the paper; the index is their number.
              // biome-ignore lint/suspicious/noArrayIndexKey: the number is the question's identity here
              key={index}
              type="button"
              className={classes.cell}
              data-state={state}
              aria-current={current === index ? 'true' : undefined}
              aria-label={formatMessage(LABELS.examPaletteQuestion, {
                n: String(index + 1),
                state: PALETTE_LABEL[state],
              })}
              onClick={() => onGo(index)}
            >
              {index + 1}
            </button>
          ))}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing={4} verticalSpacing={4}>
          {PALETTE_STATES.map((state) => (
            <Group key={state} gap={8} wrap="nowrap">
              <span className={classes.swatch} data-state={state} aria-hidden />
              <Text size="xs">
                {PALETTE_LABEL[state]} ({counts[state]})
              </Text>
            </Group>
          ))}
        </SimpleGrid>
        <VisuallyHidden role="status" aria-live="polite">
          {summary}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
