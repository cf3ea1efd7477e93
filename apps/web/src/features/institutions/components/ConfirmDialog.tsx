import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { FormError } from './FormError';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  busy: boolean;
  /** The server's refusal (e.g. a batch that still has students), shown in the dialog. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Red for what takes something away (delete, archive); restoring is not. */
  confirmColor?: string;
  /** The confirming button's text when 'proceed' alone could be misread (it names what is undone). */
  confirmLabel?: string;
}

/** Delete/archive confirmation: 'CANCEL' and 'proceed' (management §2, §9). */
export function ConfirmDialog({
  opened,
  title,
  text,
  busy,
  error,
  onCancel,
  onConfirm,
  confirmColor = 'red',
  confirmLabel = LABELS.confirmProceed,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{text}</Text>
        <FormError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {LABELS.confirmCancel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy} mih={36} {...WRAPPING_BUTTON}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
