import type { BrowserContext } from 'playwright-core';

/** Where the portal loads Jitsi's IFrame API from with the default JITSI_DOMAIN. */
export const JITSI_SCRIPT = 'https://meet.jit.si/external_api.js';

/**
 * A stand-in for Jitsi's IFrame API (the real meeting server is not reachable from tests): it
 * defines `JitsiMeetExternalAPI`, shows the room it was asked for in the page, and records the
 * domain, room name, display name and token it was given in `window.__meeting`.
 */
const STAND_IN = `
window.JitsiMeetExternalAPI = class {
  constructor(domain, options) {
    const meeting = {
      domain,
      roomName: options.roomName,
      displayName: (options.userInfo || {}).displayName || null,
      jwt: options.jwt || null,
    };
    window.__meeting = meeting;
    this.node = document.createElement('div');
    this.node.setAttribute('data-meeting-stand-in', '');
    this.node.style.cssText = 'color:#fff;padding:24px;font:16px sans-serif';
    this.node.textContent = 'Meeting ' + meeting.roomName + ' as ' + meeting.displayName;
    options.parentNode.appendChild(this.node);
  }
  dispose() { this.node.remove(); }
};
`;

/** Serves the stand-in instead of the meeting server's script to every page of `context`. */
export async function useMeetingStandIn(context: BrowserContext): Promise<void> {
  await context.route(JITSI_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
  );
}

/** Makes the meeting server unreachable for `context` (the script fails to load). */
export async function blockMeetingScript(context: BrowserContext): Promise<void> {
  await context.route(JITSI_SCRIPT, (route) => route.abort('connectionrefused'));
}

export interface RecordedMeeting {
  domain: string;
  roomName: string;
  displayName: string | null;
  jwt: string | null;
}
