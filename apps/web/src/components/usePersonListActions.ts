import { modals } from '@mantine/modals';
import type { IssuedCredential } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/notify';

interface Person {
  _id: string;
  name: string;
}

interface Callbacks<TData> {
  onSuccess: (data: TData) => void;
  onError: (failure: Error) => void;
}

/** Only what the list needs of a mutation, so the student and faculty hooks both fit. */
interface Mutation<TVariables, TData = unknown> {
  mutate: (variables: TVariables, callbacks: Callbacks<TData>) => void;
  isPending: boolean;
  variables: TVariables | undefined;
}

interface PersonListTexts {
  archiveTitle: string;
  /** Templates with a {name} placeholder. */
  confirmArchive: string;
  archivedDone: string;
  unarchiveTitle: string;
  confirmUnarchive: string;
  unarchivedDone: string;
  /** Shown when Reset is pressed with nobody ticked. */
  selectSomeone: string;
}

const confirmLabels = { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel };

/**
 * The archive, unarchive and (bulk) password reset flow of a student or faculty list:
 * the ticked rows, the confirmations, the notices and the credentials the reset issued.
 */
export function usePersonListActions<T extends Person>({
  people,
  archive,
  unarchive,
  reset,
  texts,
  resetPrompt,
}: {
  /** The loaded rows; undefined while they load. */
  people: T[] | undefined;
  archive: Mutation<string>;
  unarchive: Mutation<string>;
  reset: Mutation<string[], IssuedCredential[]>;
  texts: PersonListTexts;
  /** The body of the reset confirmation for the ticked people. */
  resetPrompt: (chosen: T[]) => ReactNode;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [credentials, setCredentials] = useState<IssuedCredential[] | null>(null);

  const confirmArchive = (person: T) =>
    modals.openConfirmModal({
      title: texts.archiveTitle,
      children: formatMessage(texts.confirmArchive, { name: person.name }),
      labels: confirmLabels,
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(person._id, {
          onSuccess: () => notify.success(formatMessage(texts.archivedDone, { name: person.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmUnarchive = (person: T) =>
    modals.openConfirmModal({
      title: texts.unarchiveTitle,
      children: formatMessage(texts.confirmUnarchive, { name: person.name }),
      labels: confirmLabels,
      onConfirm: () =>
        unarchive.mutate(person._id, {
          onSuccess: () => notify.success(formatMessage(texts.unarchivedDone, { name: person.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmReset = () => {
    const chosen = (people ?? []).filter((person) => selected.has(person._id));
    if (chosen.length === 0) {
      notify.error(texts.selectSomeone);
      return;
    }
    const single = chosen.length === 1 ? chosen[0]! : null;
    modals.openConfirmModal({
      title: LABELS.resetPasswordTitle,
      children: resetPrompt(chosen),
      labels: confirmLabels,
      onConfirm: () =>
        reset.mutate(
          chosen.map((person) => person._id),
          {
            onSuccess: (issued) => {
              notify.success(
                single
                  ? formatMessage(MESSAGES.passwordResetDone, { name: single.name })
                  : MESSAGES.bulkPasswordReset,
              );
              setSelected(new Set());
              setCredentials(issued);
            },
            onError: (failure) =>
              notify.error(
                single
                  ? formatMessage(MESSAGES.passwordResetFailed, { name: single.name })
                  : errorMessage(failure),
              ),
          },
        ),
    });
  };

  // The row whose archive or unarchive is running shows the spinner.
  const busyId = archive.isPending
    ? (archive.variables ?? null)
    : unarchive.isPending
      ? (unarchive.variables ?? null)
      : null;

  return {
    selected,
    setSelected,
    credentials,
    setCredentials,
    confirmArchive,
    confirmUnarchive,
    confirmReset,
    busyId,
  };
}
