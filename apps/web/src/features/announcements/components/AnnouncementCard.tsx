import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import type { Announcement } from '@portal/shared/schemas/announcements';
import { forwardRef } from 'react';
import { EditDeleteButtons } from '../../../components/EditDeleteButtons';
import { useDateTimeText } from '../../../lib/time-zone';
import classes from './AnnouncementCard.module.css';

interface AnnouncementCardProps {
  announcement: Announcement;
  /** Moderators edit and delete (decision 33). */
  onEdit?: (announcement: Announcement) => void;
  onDelete?: (announcement: Announcement) => void;
  /** The one the bell opened. */
  focused?: boolean;
}

/** An announcement (learning §3: title, description, updated_at), with its audience for moderators. */
export const AnnouncementCard = forwardRef<HTMLElement, AnnouncementCardProps>(function AnnouncementCard(
  { announcement, onEdit, onDelete, focused = false },
  ref,
) {
  const timeText = useDateTimeText();
  const audience =
    announcement.audience === 'institution'
      ? LABELS.announcementAudienceInstitution
      : formatMessage(LABELS.announcementToBatches, {
          batches: announcement.batches.map((batch) => batch.title).join(', '),
        });
  return (
    <Card
      ref={ref}
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-label={announcement.title}
      className={classes.card}
      data-focused={focused || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h5" className={classes.text}>
          {announcement.title}
        </Title>
        {onEdit && onDelete && (
          <Group gap={4} wrap="nowrap" className={classes.actions}>
            <EditDeleteButtons
              title={announcement.title}
              onEdit={() => onEdit(announcement)}
              onDelete={() => onDelete(announcement)}
            />
          </Group>
        )}
      </Group>
      <Text size="sm" mt={6} className={`${classes.text} ${classes.description}`}>
        {announcement.description}
      </Text>
      <Group gap="xs" mt="sm">
        <Text size="xs" c="dimmed">
          {formatMessage(LABELS.announcementUpdatedAt, { time: timeText(announcement.updated_at) })} ·{' '}
          {announcement.author_name}
        </Text>
        {onEdit && (
          <Badge size="sm" variant="light" className={classes.text}>
            {audience}
          </Badge>
        )}
      </Group>
    </Card>
  );
});
