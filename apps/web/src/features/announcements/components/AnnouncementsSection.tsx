import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import type { Announcement } from '@portal/shared/schemas/announcements';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { useAnnouncements, useDeleteAnnouncement } from '../api';
import { AnnouncementCard } from './AnnouncementCard';
import { AnnouncementFormModal } from './AnnouncementFormModal';

interface AnnouncementsSectionProps {
  /** Moderators add, edit and delete (decision 33); others read. */
  manage: boolean;
  /** The announcement to bring into view (opened from the bell). */
  focusId?: string | null;
  /** Show the section's own heading (the home); a page has its own header. */
  heading?: boolean;
}

/** The caller's announcements, latest update first, with the moderator's Add, Edit and Delete. */
export function AnnouncementsSection({ manage, focusId = null, heading = true }: AnnouncementsSectionProps) {
  const list = useAnnouncements();
  const [formOpened, form] = useDisclosure(false);
  // The chosen card outlives its popup's closing transition, so the popup does not blank out.
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [deleteOpened, deletePopup] = useDisclosure(false);
  const [deleteError, setDeleteError] = useFormError();
  const remove = useDeleteAnnouncement();
  const focused = useRef<HTMLElement | null>(null);

  const hasFocused = list.items.some((item) => item._id === focusId);
  useEffect(() => {
    if (hasFocused) focused.current?.scrollIntoView({ block: 'center' });
  }, [hasFocused]);

  const startAdd = () => {
    setEditing(null);
    form.open();
  };
  const startEdit = (announcement: Announcement) => {
    setEditing(announcement);
    form.open();
  };
  const startDelete = (announcement: Announcement) => {
    setDeleting(announcement);
    setDeleteError(null);
    deletePopup.open();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(MESSAGES.announcementDeleted);
        deletePopup.close();
      },
      onError: (failure) => setDeleteError(errorMessage(failure)),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={LABELS.announcements}
    >
      {(heading || manage) && (
        <Group justify="space-between" mb="md" gap="sm">
          {heading ? (
            <Title order={2} size="h4">
              {LABELS.announcements}
            </Title>
          ) : (
            <span />
          )}
          {manage && (
            <Button leftSection={<IconPlus size={16} />} onClick={startAdd}>
              {LABELS.addAnnouncement}
            </Button>
          )}
        </Group>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <EmptyNote text={errorMessage(list.error)} />
      ) : list.items.length === 0 ? (
        <EmptyNote text={LABELS.noAnnouncements} />
      ) : (
        <Stack gap="sm">
          {list.items.map((announcement) => (
            <AnnouncementCard
              key={announcement._id}
              ref={announcement._id === focusId ? focused : undefined}
              announcement={announcement}
              focused={announcement._id === focusId}
              onEdit={manage ? startEdit : undefined}
              onDelete={manage ? startDelete : undefined}
            />
          ))}
          <LoadMore list={list} auto />
        </Stack>
      )}

      {manage && (
        <>
          <AnnouncementFormModal opened={formOpened} announcement={editing} onClose={form.close} />
          <ConfirmDialog
            opened={deleteOpened}
            title={LABELS.deleteAnnouncement}
            text={MESSAGES.confirmDelete}
            busy={remove.isPending}
            error={deleteError}
            onCancel={deletePopup.close}
            onConfirm={confirmDelete}
          />
        </>
      )}
    </Paper>
  );
}
