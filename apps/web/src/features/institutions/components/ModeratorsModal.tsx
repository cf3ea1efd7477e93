import '@mantine/core/styles/Code.css';
import { ActionIcon, Alert, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { Institution, Moderator, ModeratorCredential } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconArchive, IconArchiveOff, IconKey } from '@tabler/icons-react';
import { type ReactElement, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useArchiveModerator, useModerators, useResetModerator, useUnarchiveModerator } from '../api';
import type { RowPopup } from '../use-row-popup';
import { NARROW_TABLE_QUERY } from './InstitutionName';
import { InstitutionPopup } from './InstitutionPopup';
import classes from './InstitutionsTable.module.css';

const confirmLabels = { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel };

/** The generated password, shown once (decision 4), until the popup closes. */
function IssuedPassword({ credential }: { credential: ModeratorCredential }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={formatMessage(LABELS.moderatorCredentialTitle, { name: credential.username })}
    >
      <Stack gap={6}>
        <Text size="sm">{MESSAGES.moderatorCredentialShownOnce}</Text>
        <Group gap="xs">
          <Text size="sm">{LABELS.password}:</Text>
          <Code fz="md" data-testid="issued-password">
            {credential.password}
          </Code>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The Reset Password, Archive and UnArchive buttons of one moderator. */
function moderatorActions(
  moderator: Moderator,
  handlers: {
    busy: (kind: 'reset' | 'archive' | 'unarchive') => boolean;
    reset: () => void;
    archive: () => void;
    unarchive: () => void;
  },
): ReactElement[] {
  return [
    <ActionIcon
      key="reset"
      variant="subtle"
      aria-label={formatMessage(LABELS.resetPasswordOf, { title: moderator.username })}
      disabled={moderator.archived}
      loading={handlers.busy('reset')}
      onClick={handlers.reset}
    >
      <IconKey size={18} />
    </ActionIcon>,
    <ActionIcon
      key="archive"
      variant="subtle"
      color="red"
      aria-label={formatMessage(LABELS.archiveNamed, { title: moderator.username })}
      disabled={moderator.archived}
      loading={handlers.busy('archive')}
      onClick={handlers.archive}
    >
      <IconArchive size={18} />
    </ActionIcon>,
    <ActionIcon
      key="unarchive"
      variant="subtle"
      color="teal"
      aria-label={formatMessage(LABELS.unarchiveNamed, { title: moderator.username })}
      disabled={!moderator.archived}
      loading={handlers.busy('unarchive')}
      onClick={handlers.unarchive}
    >
      <IconArchiveOff size={18} />
    </ActionIcon>,
  ];
}

function ModeratorName({ moderator }: { moderator: Moderator }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} className={classes.name}>
        {moderator.username}
      </Text>
      {moderator.email && (
        <Text size="xs" c="dimmed" className={classes.name}>
          {moderator.email}
        </Text>
      )}
      <Group gap={4}>
        {moderator.archived && (
          <Badge color="gray" variant="light" size="sm">
            {LABELS.archivedBadge}
          </Badge>
        )}
        {moderator.must_change_password && !moderator.archived && (
          <Badge color="yellow" variant="light" size="sm">
            {LABELS.statusMustChangePassword}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function ModeratorsList({ institution }: { institution: Institution }) {
  // On a phone the three buttons share one column, so the table fits without scrolling sideways.
  const narrow = useMediaQuery(NARROW_TABLE_QUERY, false, { getInitialValueInEffect: false });
  const moderators = useModerators(institution._id);
  const reset = useResetModerator(institution._id);
  const archive = useArchiveModerator(institution._id);
  const unarchive = useUnarchiveModerator(institution._id);
  const [issued, setIssued] = useState<ModeratorCredential | null>(null);

  const confirm = (title: string, text: string, danger: boolean, run: () => void) =>
    modals.openConfirmModal({
      title,
      children: text,
      labels: confirmLabels,
      confirmProps: danger ? { color: 'red' } : undefined,
      centered: true,
      onConfirm: run,
    });

  const confirmReset = (moderator: Moderator) =>
    confirm(
      LABELS.resetModeratorTitle,
      formatMessage(MESSAGES.confirmResetModerator, { name: moderator.username }),
      false,
      () =>
        reset.mutate(moderator._id, {
          onSuccess: (credential) => {
            setIssued(credential);
            notify.success(formatMessage(MESSAGES.passwordResetDone, { name: moderator.username }));
          },
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    );

  const confirmArchive = (moderator: Moderator) =>
    confirm(
      LABELS.archiveModeratorTitle,
      formatMessage(MESSAGES.confirmArchiveModerator, { name: moderator.username }),
      true,
      () =>
        archive.mutate(moderator._id, {
          onSuccess: () =>
            notify.success(formatMessage(MESSAGES.moderatorArchivedDone, { name: moderator.username })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    );

  const confirmUnarchive = (moderator: Moderator) =>
    confirm(
      LABELS.unarchiveModeratorTitle,
      formatMessage(MESSAGES.confirmUnarchiveModerator, { name: moderator.username }),
      false,
      () =>
        unarchive.mutate(moderator._id, {
          onSuccess: () =>
            notify.success(formatMessage(MESSAGES.moderatorUnarchivedDone, { name: moderator.username })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    );

  if (moderators.isPending) return <Loading />;
  if (moderators.isError) {
    return <LoadFailed message={errorMessage(moderators.error)} retry={() => moderators.refetch()} />;
  }
  if (moderators.data.length === 0) return <EmptyNote text={LABELS.noModerators} />;

  const busy = (mutation: { isPending: boolean; variables: string | undefined }, id: string) =>
    mutation.isPending && mutation.variables === id;
  const actionsOf = (moderator: Moderator) =>
    moderatorActions(moderator, {
      busy: (kind) => busy({ reset, archive, unarchive }[kind], moderator._id),
      reset: () => confirmReset(moderator),
      archive: () => confirmArchive(moderator),
      unarchive: () => confirmUnarchive(moderator),
    });

  return (
    <Stack gap="md">
      {issued && <IssuedPassword credential={issued} />}
      <Table.ScrollContainer minWidth={300} type="native">
        <Table verticalSpacing="xs" className={classes.table} aria-label={LABELS.moderators}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{LABELS.userName}</Table.Th>
              {narrow ? (
                <Table.Th className={classes.narrow}>{LABELS.actions}</Table.Th>
              ) : (
                <>
                  <Table.Th className={classes.narrow}>{LABELS.resetPasswordAction}</Table.Th>
                  <Table.Th className={classes.narrow}>{LABELS.archive}</Table.Th>
                  <Table.Th className={classes.narrow}>{LABELS.unarchive}</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moderators.data.map((moderator) => (
              <Table.Tr key={moderator._id}>
                <Table.Td>
                  <ModeratorName moderator={moderator} />
                </Table.Td>
                {narrow ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {actionsOf(moderator)}
                    </Group>
                  </Table.Td>
                ) : (
                  actionsOf(moderator).map((action) => <Table.Td key={action.key}>{action}</Table.Td>)
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** An institution's moderators: reset a password (shown once), archive, unarchive. */
export function ModeratorsModal({ popup }: { popup: RowPopup }) {
  return (
    <InstitutionPopup
      popup={popup}
      title={({ title }) => formatMessage(LABELS.moderatorsOf, { title })}
      size="lg"
      fullScreenOnPhone
    >
      {(institution) => <ModeratorsList institution={institution} />}
    </InstitutionPopup>
  );
}
