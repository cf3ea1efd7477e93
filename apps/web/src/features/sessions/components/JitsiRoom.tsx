import { Alert, Box } from '@mantine/core';
import type { SessionRoom } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { loadJitsiApi } from '../jitsi';
import classes from './JitsiRoom.module.css';

/**
 * The meeting itself: Jitsi's IFrame API in this box, in the room named after the session, under
 * the user's name, with the signed room token when the portal signs them (decision 29). An alert
 * replaces it when the meeting script does not load.
 */
export function JitsiRoom({ room }: { room: SessionRoom }) {
  const parent = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { domain, room_name: roomName, display_name: displayName, jwt } = room;

  useEffect(() => {
    let disposed = false;
    let meeting: { dispose(): void } | null = null;
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
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
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
