import { Alert, Box } from '@mantine/core';
import type { SessionRoom } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { followPresence, type JitsiMeeting, loadJitsiApi } from '../jitsi';
import classes from './JitsiRoom.module.css';

interface JitsiRoomProps {
  room: SessionRoom;
  /** Whether the person is in the conference now (joined, not yet left); false when it never loads. */
  onPresenceChange: (inMeeting: boolean) => void;
}

/**
 * The meeting itself: Jitsi's IFrame API in this box, in the room named after the session, under
 * the user's name, with the signed room token when the portal signs them (decision 29). An alert
 * replaces it when the meeting script does not load. It tells the page when the person has joined
 * and left the conference, which is what counts them present.
 */
export function JitsiRoom({ room, onPresenceChange }: JitsiRoomProps) {
  const parent = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { domain, room_name: roomName, display_name: displayName, jwt } = room;
  // Not a dependency of the meeting: a new callback from the page does not reopen it.
  const presence = useEffectEvent((inMeeting: boolean) => onPresenceChange(inMeeting));

  useEffect(() => {
    let disposed = false;
    let meeting: JitsiMeeting | null = null;
    const report = (inMeeting: boolean) => {
      if (!disposed) presence(inMeeting);
    };
    setFailed(false);
    loadJitsiApi(domain).then(
      (JitsiMeetExternalAPI) => {
        if (disposed || !parent.current) return;
        meeting = new JitsiMeetExternalAPI(domain, {
          roomName,
          parentNode: parent.current,
          width: '100%',
          height: '100%',
          userInfo: { displayName },
          ...(jwt ? { jwt } : {}),
        });
        followPresence(meeting, report);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      presence(false);
      disposed = true;
      meeting?.dispose();
    };
  }, [domain, roomName, displayName, jwt]);

  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
        {MESSAGES.meetingScriptFailed}
      </Alert>
    );
  }
  return <Box ref={parent} className={classes.room} data-testid="jitsi-room" />;
}
