import { modals } from '@mantine/modals';
import { LABELS, MESSAGES } from '@portal/shared/messages';

/** 'Are you sure want to delete?' with CANCEL and proceed (learning §4). */
export function confirmDeleteNote(onConfirm: () => void) {
  modals.openConfirmModal({
    title: LABELS.learnDeleteNoteTitle,
    children: MESSAGES.confirmDelete,
    labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
