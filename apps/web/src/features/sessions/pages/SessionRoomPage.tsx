import { Badge, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { OnlineSession } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconClockHour4, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useRequiredAccount } from '../../../lib/session';
import { useDateTimeText } from '../../../lib/time-zone';
import { useSession } from '../api';
import { JitsiRoom } from '../components/JitsiRoom';
import { SessionNotesPanel } from '../components/SessionNotesPanel';
import { FACULTY_SESSIONS_PATH, STUDENT_SESSIONS_PATH } from '../links';
import { useRoomHeartbeat } from '../use-room-heartbeat';

/** What the room shows until the meeting opens (learning §4's texts). */
function RoomNotice({ session }: { session: OnlineSession }) {
  const notice = {
    yet_to_start: { text: MESSAGES.liveSessionYetToStart, icon: <IconClockHour4 size={36} stroke={1.5} /> },
    waiting_for_teacher: { text: MESSAGES.waitingForTeacher, icon: <Loader size="md" type="dots" /> },
    ended: { text: MESSAGES.liveSessionEnded, icon: <IconPlayerStop size={36} stroke={1.5} /> },
    open: { text: '', icon: null },
  }[session.room_state];
  return (
    <Paper withBorder radius="md" p="xl" mih={280} style={{ display: 'grid', placeItems: 'center' }}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        {notice.icon}
        <Text size="lg" fw={600} ta="center">
          {notice.text}
        </Text>
      </Stack>
    </Paper>
  );
}

function RoomPage({ sessionId }: { sessionId: string }) {
  const timeText = useDateTimeText();
  const { permission } = useRequiredAccount();
  const student = permission === 'student';
  const detail = useSession(sessionId, { poll: true });
  const session = detail.data?.session;
  const room = detail.data?.room ?? null;
  const open = session?.room_state === 'open' && room !== null;
  // Present only while the meeting itself reports this person in the conference, not while the
  // page merely shows the room (a meeting server out of reach never joins).
  const [inMeeting, setInMeeting] = useState(false);
  useRoomHeartbeat(sessionId, open && inMeeting, !student);
  const back = student ? STUDENT_SESSIONS_PATH : FACULTY_SESSIONS_PATH;
  const crumbs = [
    { label: student ? LABELS.studentSessionsTitle : LABELS.sessionsTitle, to: back },
    { label: session?.title ?? LABELS.sessionRoomTitle },
  ];

  if (detail.isPending) return <Loading />;
  if (detail.isError && !session) {
    if (isNotAvailable(detail.error))
      return (
        <NotAvailable
          text={MESSAGES.sessionNotOpenToYou}
          action={{ label: LABELS.sessionBackToList, to: back }}
        />
      );
    return <LoadFailed message={errorMessage(detail.error)} retry={() => detail.refetch()} />;
  }
  if (!session) return null;

  const main = open ? (
    <JitsiRoom room={room} onPresenceChange={setInMeeting} />
  ) : (
    <RoomNotice session={session} />
  );
  return (
    <>
      <PageBreadcrumb crumbs={crumbs} />
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {session.title}
          </Title>
          <Text size="sm" c="dimmed">
            {session.batch_title} · {session.subject_title} · {session.author_name}
          </Text>
          <Text size="sm" c="dimmed">
            {timeText(session.start_time)} – {timeText(session.end_time)}
          </Text>
        </Stack>
        {open && !student && <Badge color="red">{LABELS.sessionLiveBadge}</Badge>}
      </Group>
      {student ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>{main}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder radius="md" p="md" component="section" aria-label={LABELS.sessionNotesTitle}>
              <Title order={2} size="h4" mb="sm">
                {LABELS.sessionNotesTitle}
              </Title>
              <SessionNotesPanel sessionId={sessionId} />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : (
        main
      )}
    </>
  );
}

/** /me/session/detail?session=<id>: the session's room (students and its teacher). */
export function SessionRoomPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session');
  if (!sessionId) return <NotAvailable />;
  return <RoomPage key={sessionId} sessionId={sessionId} />;
}
