import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import type { BellItem } from '@portal/shared/schemas/notifications';
import { Link } from 'react-router';
import { useDateTimeText } from '../../../lib/time-zone';
import { bellItemPath } from '../links';
import classes from './NotificationBell.module.css';

const KIND_LABELS: Record<BellItem['kind'], string> = {
  assessment: LABELS.notificationPendingAssessment,
  session: LABELS.notificationUpcomingSession,
  announcement: LABELS.notificationAnnouncement,
};

function detailOf(item: BellItem, timeText: (instant: string) => string): string {
  switch (item.kind) {
    case 'assessment':
      return `${item.subject_title} · ${formatMessage(LABELS.notificationDueAt, { time: timeText(item.due_date) })}`;
    case 'session':
      return `${item.subject_title} · ${formatMessage(LABELS.notificationStartsAt, { time: timeText(item.start_time) })}`;
    case 'announcement':
      return item.description;
  }
}

/** One notification: a link when the rules let it open (learning §4), else shown dimmed. */
export function BellItemRow({ item, onOpen }: { item: BellItem; onOpen: () => void }) {
  const timeText = useDateTimeText();
  const body = (
    <>
      <Group gap={6} wrap="nowrap" mb={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {KIND_LABELS[item.kind]}
        </Text>
        {item.unseen && (
          <Badge size="xs" color="red" variant="filled">
            {LABELS.notificationUnseen}
          </Badge>
        )}
        {!item.clickable && (
          <Badge size="xs" color="gray" variant="light">
            {LABELS.notificationNotYetOpen}
          </Badge>
        )}
      </Group>
      <Text size="sm" fw={600} className={classes.title}>
        {item.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2} className={classes.detail}>
        {detailOf(item, timeText)}
      </Text>
    </>
  );
  return (
    <li className={classes.item} data-testid="bell-item" data-kind={item.kind}>
      {item.clickable ? (
        <UnstyledButton component={Link} to={bellItemPath(item)} onClick={onOpen} className={classes.link}>
          {body}
        </UnstyledButton>
      ) : (
        <div className={classes.inert} aria-disabled="true">
          {body}
        </div>
      )}
    </li>
  );
}
