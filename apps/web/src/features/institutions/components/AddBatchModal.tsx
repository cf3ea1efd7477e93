import { Modal } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { BatchCreateForm } from './BatchCreateForm';

/** Add Batch popup of the moderator home. */
export function AddBatchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.addBatchTitle} centered>
      <BatchCreateForm onCreated={onClose} onCancel={onClose} />
    </Modal>
  );
}
