import type { SessionHeartbeat } from '@portal/shared';
import type { BrowserContext, Page, Request } from 'playwright-core';

type SessionHeartbeatAnswer = { data: SessionHeartbeat };

/** Where the portal loads Jitsi's IFrame API from with the default JITSI_DOMAIN. */
export const JITSI_SCRIPT = 'https://meet.jit.si/external_api.js';

/**
 * A stand-in for Jitsi's IFrame API (the real meeting server is not reachable from tests): it
 * defines `JitsiMeetExternalAPI`, shows the room it was asked for in the page, records the
 * domain, room name, display name and token it was given in `window.__meeting`, and keeps the
 * listeners the portal adds. `window.__meetingEmit(event, payload)` fires one of the IFrame API's
 * events at them, as the real meeting does; with `autoJoin` the stand-in reports
 * `videoConferenceJoined` itself right after it opens, as a meeting without a pre-join screen would.
 */
const standIn = (autoJoin: boolean) => `
window.JitsiMeetExternalAPI = class {
  constructor(domain, options) {
    const meeting = {
      domain,
      roomName: options.roomName,
      displayName: (options.userInfo || {}).displayName || null,
      jwt: options.jwt || null,
    };
    window.__meeting = meeting;
    this.listeners = {};
    window.__meetingEmit = (event, payload) => {
      for (const listener of this.listeners[event] || []) listener(payload);
    };
    this.node = document.createElement('div');
    this.node.setAttribute('data-meeting-stand-in', '');
    this.node.style.cssText = 'color:#fff;padding:24px;font:16px sans-serif';
    this.node.textContent = 'Meeting ' + meeting.roomName + ' as ' + meeting.displayName;
    options.parentNode.appendChild(this.node);
    if (${autoJoin}) setTimeout(() => window.__meetingEmit('videoConferenceJoined', { roomName: meeting.roomName }), 0);
  }
  addListener(event, listener) { (this.listeners[event] ||= []).push(listener); }
  dispose() { this.node.remove(); }
};
`;

/**
 * Serves the stand-in instead of the meeting server's script to every page of `context`. By
 * default each meeting joins at once; `{ autoJoin: false }` leaves joining and leaving to
 * `emitMeetingEvent`.
 */
export async function useMeetingStandIn(
  context: BrowserContext,
  { autoJoin = true }: { autoJoin?: boolean } = {},
): Promise<void> {
  const body = standIn(autoJoin);
  await context.route(JITSI_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body }),
  );
}

/** Makes the meeting server unreachable for `context` (the script fails to load). */
export async function blockMeetingScript(context: BrowserContext): Promise<void> {
  await context.route(JITSI_SCRIPT, (route) => route.abort('connectionrefused'));
}

/** Fires one of the IFrame API's events (`videoConferenceJoined`, `videoConferenceLeft`, …) in the page's meeting. */
export async function emitMeetingEvent(page: Page, event: string, payload: unknown = {}): Promise<void> {
  await page.evaluate(
    ([name, data]) => {
      const emit = (window as { __meetingEmit?: (event: string, payload: unknown) => void }).__meetingEmit;
      if (!emit) throw new Error('no meeting is open on this page');
      emit(name as string, data);
    },
    [event, payload] as const,
  );
}

/**
 * Counts the room heartbeats `page` sends (`POST /api/online-sessions/{id}/heartbeat`), and keeps
 * the most minutes present the portal has answered to them (a student's attendance; 0 until then).
 */
export function countHeartbeats(page: Page): { readonly sent: number; readonly minutesPresent: number } {
  const counter = { sent: 0, minutesPresent: 0 };
  const isBeat = (request: Request) =>
    request.method() === 'POST' && /\/api\/online-sessions\/[^/]+\/heartbeat$/.test(request.url());
  page.on('request', (request) => {
    if (isBeat(request)) counter.sent += 1;
  });
  page.on('response', (response) => {
    if (!isBeat(response.request()) || !response.ok()) return;
    // A body the closing page no longer has is not counted.
    response.json().then(
      (answer: SessionHeartbeatAnswer) => {
        const minutes = answer.data.attendance?.minutes_present ?? 0;
        counter.minutesPresent = Math.max(counter.minutesPresent, minutes);
      },
      () => {},
    );
  });
  return counter;
}

export interface RecordedMeeting {
  domain: string;
  roomName: string;
  displayName: string | null;
  jwt: string | null;
}
