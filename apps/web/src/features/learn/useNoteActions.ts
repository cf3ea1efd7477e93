import { LABELS } from '@portal/shared/messages';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { confirmDeleteNote } from './confirm-delete';

type UpdateNote = UseMutationResult<unknown, Error, { id: string; note_text: string }>;
type DeleteNote = UseMutationResult<unknown, Error, string>;

/**
 * Edit and delete for a list of the student's notes (topic or live-session notes): a save that
 * rejects with the message to show beside the text, and a delete after the confirmation.
 */
export function useNoteActions(update: UpdateNote, remove: DeleteNote) {
  /** A note item's onSave, onDelete and busy. */
  return (id: string) => ({
    onSave: (note_text: string) =>
      update.mutateAsync({ id, note_text }).then(
        () => notify.success(LABELS.learnNoteSaved),
        (failure: unknown) => {
          throw new Error(errorMessage(failure));
        },
      ),
    onDelete: () =>
      confirmDeleteNote(() =>
        remove.mutate(id, {
          onSuccess: () => notify.success(LABELS.learnNoteDeleted),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
      ),
    busy: remove.isPending && remove.variables === id,
  });
}
