import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { FormError } from '../../institutions/components/FormError';
import { useMarksEvaluated } from '../api';

/**
 * "Marks Evaluated" (learning §4): offered only while the assessment is CLOSED; a confirmation shows
 * the responses checked and received, then the assessment becomes EVOLUTED and its marks freeze.
 */
export function MarksEvaluatedButton({
  assessment,
  size = 'sm',
}: {
  assessment: Assessment;
  size?: 'xs' | 'sm';
}) {
  const [opened, setOpened] = useState(false);
  const evaluate = useMarksEvaluated();
  if (assessment.status !== 'CLOSED') return null;

  const confirm = () =>
    evaluate.mutate(assessment._id, {
      onSuccess: () => {
        notify.success(MESSAGES.marksEvaluated);
        setOpened(false);
      },
    });

  return (
    <>
      <Button
        size={size}
        color="teal"
        leftSection={<IconChecks size={16} />}
        onClick={() => {
          evaluate.reset();
          setOpened(true);
        }}
      >
        {LABELS.evalMarksEvaluated}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={LABELS.evalMarksEvaluated} centered>
        <Stack gap="md">
          <Text>{formatMessage(LABELS.evalMarksEvaluatedPrompt, { title: assessment.title })}</Text>
          <Table withTableBorder variant="vertical" data-testid="marks-evaluated-counts">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="60%">{LABELS.evalResponsesChecked}</Table.Th>
                <Table.Td>{assessment.submissions_evoluted}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{LABELS.evalResponsesReceived}</Table.Th>
                <Table.Td>{assessment.submissions_received}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <FormError message={evaluate.isError ? errorMessage(evaluate.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={evaluate.isPending}>
              {LABELS.confirmCancel}
            </Button>
            <Button color="teal" onClick={confirm} loading={evaluate.isPending}>
              {LABELS.confirmProceed}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
