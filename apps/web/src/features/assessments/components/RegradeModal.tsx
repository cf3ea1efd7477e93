import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Question } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useRegrade } from '../api';
import { isChoiceQuestion, type RegradeValues, regradeResult, regradeValues } from '../regrade-form';
import { LetteredOption } from './QuestionItem';

interface RegradeProps {
  assessmentId: string;
  question: Question;
  number: number;
  onClose: () => void;
}

function RegradeForm({ assessmentId, question, onClose }: RegradeProps) {
  const [values, setValues] = useState<RegradeValues>(() => regradeValues(question));
  const [error, setError] = useFormError();
  const regrade = useRegrade(assessmentId);
  const options = [...question.answers].sort((a, b) => a.position - b.position);
  const change = (patch: Partial<RegradeValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = regradeResult(question, values);
    if ('error' in result) return setError(result.error);
    try {
      const done = await regrade.mutateAsync({ questionId: question._id, body: result.body });
      notify.success(
        formatMessage(LABELS.regradeDone, {
          changed: String(done.regrade.scores_changed),
          rescored: String(done.rescored),
        }),
      );
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const choices = options.map((option, index) => ({
    value: option._id,
    label: <LetteredOption index={index} title={option.title} />,
  }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {LABELS.regradeNote}
        </Text>
        {isChoiceQuestion(question) &&
          (question.type === 'MULTIPLE_CHOICE' ? (
            <Checkbox.Group
              label={LABELS.regradeRightOptions}
              value={values.right}
              onChange={(right) => change({ right })}
            >
              <Stack gap="xs" mt="xs">
                {choices.map((choice) => (
                  <Checkbox key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Radio.Group
              label={LABELS.regradeRightOptions}
              value={values.right[0] ?? null}
              onChange={(id) => change({ right: [id] })}
            >
              <Stack gap="xs" mt="xs">
                {choices.map((choice) => (
                  <Radio key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
        <TextInput
          label={LABELS.regradeMarks}
          inputMode="decimal"
          value={values.marks}
          onChange={(event) => change({ marks: event.currentTarget.value })}
          maw={200}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={regrade.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={regrade.isPending}>
            {LABELS.regradeSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Regrade one question (decision 39): its right options and/or marks; full screen on a phone. */
export function RegradeModal(props: Omit<RegradeProps, 'question'> & { question: Question | null }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { question } = props;
  return (
    <Modal
      opened={question !== null}
      onClose={props.onClose}
      title={formatMessage(LABELS.regradeTitle, { n: String(props.number) })}
      size="md"
      fullScreen={phone}
    >
      {question && <RegradeForm {...props} question={question} />}
    </Modal>
  );
}
