import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Badge, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { SelfAssessmentQuestion } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { LetteredOption, QuestionTitle } from '../../assessments/components/QuestionItem';
import { marksLabel } from '../../assessments/counts';
import { takesSeveral } from '../answers';

interface AnswerQuestionProps {
  number: number;
  question: SelfAssessmentQuestion;
  chosen: readonly string[];
  onChoose: (optionIds: string[]) => void;
}

/** One question while it is being answered: radio buttons for one answer, checkboxes for several. */
export function AnswerQuestion({ number, question, chosen, onChoose }: AnswerQuestionProps) {
  const heading = formatMessage(LABELS.assessQuestionN, { n: String(number) });
  const options = [...question.answers].sort((a, b) => a.position - b.position);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={heading}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Text fw={700}>{heading}</Text>
        <Badge variant="outline" radius="sm">
          {marksLabel(question.weightage)}
        </Badge>
      </Group>
      <QuestionTitle title={question.title} />
      {takesSeveral(question) ? (
        <Checkbox.Group value={[...chosen]} onChange={onChoose} description={LABELS.selfChooseMany} mt="sm">
          <Stack gap="xs" mt="xs">
            {options.map((option, index) => (
              <Checkbox
                key={option._id}
                value={option._id}
                label={<LetteredOption index={index} title={option.title} />}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Radio.Group value={chosen[0] ?? null} onChange={(id) => onChoose([id])} mt="sm">
          <Stack gap="xs">
            {options.map((option, index) => (
              <Radio
                key={option._id}
                value={option._id}
                label={<LetteredOption index={index} title={option.title} />}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}
