import type { Topic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDeleteTopic } from '../api';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';

interface DeleteTopicModalProps {
  /** The topic to delete; the popup is open while it is set. */
  topic: Pick<Topic, '_id'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The Delete Topic confirmation ('Are you sure want to delete?'); it stays open until the delete answers. */
export function DeleteTopicModal({ topic, onClose, onDeleted }: DeleteTopicModalProps) {
  const remove = useDeleteTopic();
  const confirm = () => {
    if (!topic) return;
    // Not mutate()'s callbacks: the refresh after the delete can unmount the caller (a deleted
    // topic's own page), and those callbacks are dropped with it.
    remove.mutateAsync(topic._id).then(
      () => {
        notify.success(MESSAGES.topicDeleted);
        onClose();
        onDeleted?.();
      },
      (failure: unknown) => notify.error(errorMessage(failure)),
    );
  };
  return (
    <ConfirmDeleteModal
      opened={topic !== null}
      title={LABELS.deleteTopicTitle}
      loading={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
