import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { OnlineSession } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconTrash, IconUser, IconUsers, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardTime } from '../../../components/CardTime';
import { sessionRoomPath } from '../links';

function stateBadge(session: OnlineSession) {
  if (session.room_state === 'ended') return { label: LABELS.sessionEndedBadge, color: 'gray' };
  if (session.room_state === 'open' || session.room_state === 'waiting_for_teacher') {
    return { label: LABELS.sessionLiveBadge, color: 'red' };
  }
  return null;
}

interface SessionCardProps {
  session: OnlineSession;
  /** The teacher's card (Join and Delete) or a student's (Attend and the teacher's name). */
  as: 'host' | 'student';
  onDelete?: () => void;
  /** Narrow cards of the home carousels. */
  compact?: boolean;
}

/**
 * A session: title, batch and subject, start and end, whether it is custom, live or over, and its
 * one action. Attend (a student) and Join (the teacher) open the room from 5 minutes before the
 * start until the end (`can_attend`); Delete only before the end (`can_delete`).
 */
export function SessionCard({ session, as, onDelete, compact = false }: SessionCardProps) {
  const badge = stateBadge(session);
  const open = session.can_attend;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={session.title} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700} size={compact ? 'md' : 'lg'} style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
          {session.title}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {session.is_custom && (
            <Badge color="grape" variant="light">
              {LABELS.sessionCustomBadge}
            </Badge>
          )}
          {badge && (
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={2} lineClamp={1}>
        {session.batch_title} · {session.subject_title} ({session.subject_code})
      </Text>
      <Stack gap={2} mt="sm">
        <CardTime label={LABELS.sessionFieldStart} instant={session.start_time} />
        <CardTime label={LABELS.sessionFieldEnd} instant={session.end_time} />
      </Stack>
      <Group gap={4} mt="sm" mb="md" wrap="nowrap" miw={0}>
        {as === 'host' ? (
          <>
            <IconUsers size={14} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed">
              {formatMessage(LABELS.sessionStudentsCount, { n: String(session.total_students) })}
            </Text>
          </>
        ) : (
          <>
            <IconUser size={14} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed" truncate>
              {session.author_name}
            </Text>
          </>
        )}
      </Group>
      <Group
        gap="xs"
        mt="auto"
        pt="sm"
        style={{
          borderTop: '1px solid var(--mantine-color-default-border)',
          marginTop: 'var(--mantine-spacing-md)',
        }}
      >
        {open ? (
          <Button
            size="xs"
            component={Link}
            to={sessionRoomPath(session._id)}
            leftSection={<IconVideo size={14} />}
          >
            {as === 'host' ? LABELS.sessionJoinRoom : LABELS.sessionAttend}
          </Button>
        ) : (
          <Button size="xs" disabled leftSection={<IconVideo size={14} />}>
            {as === 'host' ? LABELS.sessionJoinRoom : LABELS.sessionAttend}
          </Button>
        )}
        {as === 'host' && onDelete && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={!session.can_delete}
            onClick={onDelete}
          >
            {LABELS.sessionDelete}
          </Button>
        )}
      </Group>
    </Card>
  );
}
