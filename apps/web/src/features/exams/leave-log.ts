import { useEffect } from 'react';
import { api } from '../../lib/api';

export type LeaveEvent = 'left' | 'back';

/** Whether the page is out of the student's sight or focus (another tab, window or app). */
export const isAway = (doc: Pick<Document, 'visibilityState' | 'hasFocus'>) =>
  doc.visibilityState === 'hidden' || !doc.hasFocus();

/**
 * Follows the page's visibility and focus and tells `send` each change: 'left' when the page is
 * hidden or loses focus, 'back' when it returns; repeats (blur then hide) are one change. Answers
 * the function that stops following.
 */
export function followLeaves(target: Window, send: (event: LeaveEvent) => void): () => void {
  let away = isAway(target.document);
  const update = () => {
    const now = isAway(target.document);
    if (now === away) return;
    away = now;
    send(away ? 'left' : 'back');
  };
  target.document.addEventListener('visibilitychange', update);
  target.addEventListener('blur', update);
  target.addEventListener('focus', update);
  return () => {
    target.document.removeEventListener('visibilitychange', update);
    target.removeEventListener('blur', update);
    target.removeEventListener('focus', update);
  };
}

/**
 * Records leaving the exam page against the attempt while it is being sat (issue 25): the server
 * logs each event by its clock and keeps at most a few a minute; a refused or failed event is not
 * retried (the record is for the teacher, never a reason to stop the exam).
 */
export function useLeaveLog(attemptId: string, sitting: boolean) {
  useEffect(() => {
    if (!sitting) return;
    return followLeaves(window, (event) => {
      void api(`/assessment-attempts/${encodeURIComponent(attemptId)}/leaves`, {
        body: { event },
        // A page closed while away still sends its 'left'.
        keepalive: true,
      }).catch(() => {});
    });
  }, [attemptId, sitting]);
}
