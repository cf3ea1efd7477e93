import type { OnlineSessionDetail } from '@portal/shared';
import { SESSION_HEARTBEAT_INTERVAL_MS } from '@portal/shared/schemas/online-sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sendSessionHeartbeat, sendTeacherLeft, sessionKeys } from './api';

/**
 * While `active` (the person is in the conference: joined and not yet left, which the room page
 * learns from the meeting's own events), a heartbeat every 15 s (decision 30): the teacher's keeps
 * them present, a student's records attendance and their time in the room (content type `online`,
 * so this page sends no time-spent log of its own). Each answer refreshes the session shown. The
 * teacher leaving the conference or the page, or closing the tab, is marked at once rather than
 * 45 s later.
 */
export function useRoomHeartbeat(sessionId: string, active: boolean, host: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const beat = () =>
      sendSessionHeartbeat(sessionId).then(
        (answer) => {
          if (stopped) return;
          queryClient.setQueryData<OnlineSessionDetail>(sessionKeys.one(sessionId), (detail) =>
            detail ? { ...detail, session: answer.session } : detail,
          );
        },
        // A refused or lost beat only under-counts; the 5-second poll shows what changed.
        () => {},
      );
    void beat();
    const timer = window.setInterval(beat, SESSION_HEARTBEAT_INTERVAL_MS);
    const leave = () => {
      if (host) sendTeacherLeft(sessionId);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [sessionId, active, host, queryClient]);
}
