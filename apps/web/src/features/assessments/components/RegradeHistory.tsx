import '@mantine/core/styles/List.css';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Question, Regrade } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { useDateTimeText } from '../../../lib/time-zone';
import { optionLetter } from './QuestionItem';

type Key = Regrade['before'];

/** A key as letters and marks: "B, 1 marks" (letters by the options' order in the paper). */
function keyText(key: Key, question: Question | undefined) {
  const order = [...(question?.answers ?? [])].sort((a, b) => a.position - b.position);
  const letters = order
    .map((option, index) => (key.right_option_ids.includes(option._id) ? optionLetter(index) : null))
    .filter(Boolean)
    .join('|');
  return formatMessage(LABELS.regradeKeyText, { letters: letters || '–', marks: String(key.weightage) });
}

/** The assessment's history (decision 39): each regrade, who and when, the key before and after. */
export function RegradeHistory({ regrades, questions }: { regrades: Regrade[]; questions: Question[] }) {
  const timeText = useDateTimeText();
  const byId = new Map(questions.map((question) => [question._id, question]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="regrade-history">
      <Stack gap="xs">
        <Title order={2} size="h4" id="regrade-history">
          {LABELS.regradeHistoryTitle}
        </Title>
        <List size="sm" spacing={4}>
          {regrades.map((entry) => {
            const question = byId.get(entry.question_id);
            return (
              <List.Item key={entry._id}>
                <Text size="sm" component="span">
                  {formatMessage(LABELS.regradeHistoryEntry, {
                    n: String(entry.question_position),
                    name: entry.user_name,
                    at: timeText(entry.created_at),
                    before: keyText(entry.before, question),
                    after: keyText(entry.after, question),
                    changed: String(entry.scores_changed),
                  })}
                </Text>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
