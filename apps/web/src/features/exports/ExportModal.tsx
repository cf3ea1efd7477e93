import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { ExportPanel } from './ExportPanel';

/** The moderator's export of their own institution, in a popup (the owner's is a row popup). */
export function ExportModal({
  institutionId,
  title,
  opened,
  onClose,
}: {
  institutionId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={formatMessage(LABELS.exportDataOf, { title })}
      size="lg"
      centered
      fullScreen={phone}
    >
      {opened && <ExportPanel institutionId={institutionId} />}
    </Modal>
  );
}
