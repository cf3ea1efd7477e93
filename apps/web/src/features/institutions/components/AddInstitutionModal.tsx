import { Modal } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { InstitutionCreateForm } from './InstitutionCreateForm';

/** Add Institution popup of the owner home. */
export function AddInstitutionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.addInstitutionTitle} centered>
      <InstitutionCreateForm onCreated={onClose} onCancel={onClose} />
    </Modal>
  );
}
