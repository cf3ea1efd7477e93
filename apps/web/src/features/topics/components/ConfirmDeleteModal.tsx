import { Button, Group, Modal, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A delete confirmation that stays open, loading, until the delete has answered. */
export function ConfirmDeleteModal({ opened, title, loading, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onCancel} title={title} size="sm">
      <Text size="sm">{MESSAGES.confirmDelete}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {LABELS.confirmCancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {LABELS.confirmProceed}
        </Button>
      </Group>
    </Modal>
  );
}
