/**
 * The Jitsi Meet IFrame API (decision 24), loaded from the meeting server itself
 * (`https://<JITSI_DOMAIN>/external_api.js`): the script must match the server's version, so it
 * is not bundled. Written here rather than taken from `@jitsi/react-sdk`, which only logs a script
 * that fails to load and keeps that failure for the rest of the visit, while the room must tell
 * the user and try again on the next visit.
 */

export interface JitsiMeetingOptions {
  roomName: string;
  parentNode: HTMLElement;
  width?: string | number;
  height?: string | number;
  jwt?: string;
  userInfo?: { displayName?: string };
  configOverwrite?: Record<string, unknown>;
}

/** The IFrame API's events the room follows (Jitsi Meet handbook, "IFrame API events"). */
export type JitsiMeetingEvent =
  | 'videoConferenceJoined'
  | 'videoConferenceLeft'
  | 'readyToClose'
  | 'errorOccurred';

export interface JitsiMeeting {
  addListener(event: JitsiMeetingEvent, listener: (payload?: unknown) => void): void;
  dispose(): void;
}

export type JitsiMeetExternalApi = new (domain: string, options: JitsiMeetingOptions) => JitsiMeeting;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetExternalApi;
  }
}

const loading = new Map<string, Promise<JitsiMeetExternalApi>>();

/** The script's address on the meeting server named by the portal (a host name, never a path). */
export function externalApiUrl(domain: string): string {
  return new URL('/external_api.js', `https://${domain}`).toString();
}

/** Loads the IFrame API once per domain; a failed load is forgotten, so the next room tries again. */
export function loadJitsiApi(domain: string): Promise<JitsiMeetExternalApi> {
  const known = loading.get(domain);
  if (known) return known;
  const promise = new Promise<JitsiMeetExternalApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = externalApiUrl(domain);
    script.async = true;
    script.onload = () => {
      if (window.JitsiMeetExternalAPI) resolve(window.JitsiMeetExternalAPI);
      else reject(new Error('The meeting script did not define JitsiMeetExternalAPI.'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The meeting script could not be loaded.'));
    };
    document.head.append(script);
  });
  loading.set(domain, promise);
  promise.catch(() => loading.delete(domain));
  return promise;
}

/**
 * Follows whether this person is really in the conference: from `videoConferenceJoined` until
 * `videoConferenceLeft`, `readyToClose` or a fatal `errorOccurred`. A meeting that never joins
 * (the meeting server unreachable, the pre-join screen never left) never reports `true`.
 */
export function followPresence(meeting: JitsiMeeting, onChange: (inMeeting: boolean) => void): void {
  meeting.addListener('videoConferenceJoined', () => onChange(true));
  meeting.addListener('videoConferenceLeft', () => onChange(false));
  meeting.addListener('readyToClose', () => onChange(false));
  meeting.addListener('errorOccurred', (error) => {
    if ((error as { isFatal?: boolean } | undefined)?.isFatal) onChange(false);
  });
}
