import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { formatTimeLeft } from '../countdown';

interface SubmitConfirmModalProps {
  opened: boolean;
  answered: number;
  /** Questions marked for review, answered or not. */
  marked: number;
  total: number;
  timeLeft: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a manual submit, with how many questions are answered, not answered and marked for
 * review: an
 * examination ends for good, however much time is left. With gaps it says so (learning §5: every
 * question must be answered) and only leads back to the questions.
 */
export function SubmitConfirmModal(props: SubmitConfirmModalProps) {
  const { opened, answered, marked, total, timeLeft, busy, onCancel, onConfirm } = props;
  const missing = total - answered;
  return (
    <Modal opened={opened} onClose={onCancel} title={LABELS.examConfirmTitle} centered size="sm">
      <Stack gap="md">
        <Table withTableBorder variant="vertical" data-testid="submit-counts">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="60%">{LABELS.examConfirmAnswered}</Table.Th>
              <Table.Td>{answered}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{LABELS.examConfirmNotAnswered}</Table.Th>
              <Table.Td>{missing}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{LABELS.examConfirmMarked}</Table.Th>
              <Table.Td>{marked}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{LABELS.examConfirmTimeLeft}</Table.Th>
              <Table.Td>{formatTimeLeft(timeLeft)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {missing > 0 ? (
          <Alert color="orange" variant="light" role="alert" py="xs">
            {MESSAGES.answerAllQuestions}
          </Alert>
        ) : (
          <Text>{MESSAGES.confirmSubmit}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {LABELS.examConfirmBack}
          </Button>
          {missing === 0 && (
            <Button onClick={onConfirm} loading={busy}>
              {LABELS.examSubmit}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
