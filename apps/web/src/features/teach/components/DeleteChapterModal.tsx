import type { Chapter } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDeleteChapter } from '../../chapters/api';
import { ConfirmDeleteModal } from '../../topics/components/ConfirmDeleteModal';

interface DeleteChapterModalProps {
  chapter: Chapter | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The Delete Chapter confirmation ('Are you sure want to delete?'), open while `chapter` is set. */
export function DeleteChapterModal({ chapter, onClose, onDeleted }: DeleteChapterModalProps) {
  const remove = useDeleteChapter();
  const confirm = () => {
    if (!chapter) return;
    remove.mutate(chapter._id, {
      onSuccess: () => {
        notify.success(MESSAGES.chapterDeleted);
        onClose();
        onDeleted?.();
      },
      onError: (failure) => notify.error(errorMessage(failure)),
    });
  };
  return (
    <ConfirmDeleteModal
      opened={chapter !== null}
      title={LABELS.deleteChapterTitle}
      loading={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
