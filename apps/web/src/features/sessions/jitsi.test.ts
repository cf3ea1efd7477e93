import { describe, expect, it } from 'vitest';
import { followPresence, type JitsiMeeting, type JitsiMeetingEvent } from './jitsi';

/** A meeting whose IFrame API events the test fires. */
function fakeMeeting() {
  const listeners = new Map<JitsiMeetingEvent, ((payload?: unknown) => void)[]>();
  const meeting: JitsiMeeting = {
    addListener: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    dispose: () => {},
  };
  const emit = (event: JitsiMeetingEvent, payload?: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { meeting, emit };
}

describe('followPresence', () => {
  it('is in the meeting from videoConferenceJoined until it is left, closed or fails for good', () => {
    const { meeting, emit } = fakeMeeting();
    const changes: boolean[] = [];
    followPresence(meeting, (inMeeting) => changes.push(inMeeting));
    expect(changes).toEqual([]);

    emit('videoConferenceJoined', { roomName: 'r' });
    emit('videoConferenceLeft', { roomName: 'r' });
    emit('videoConferenceJoined', { roomName: 'r' });
    emit('readyToClose');
    emit('videoConferenceJoined', { roomName: 'r' });
    // A passing problem (a camera refused) is not leaving; a fatal one is.
    emit('errorOccurred', { type: 'CONNECTION', isFatal: false });
    emit('errorOccurred', { type: 'CONNECTION', isFatal: true });
    expect(changes).toEqual([true, false, true, false, true, false]);
  });

  it('never reports presence for a meeting that does not join', () => {
    const { meeting, emit } = fakeMeeting();
    const changes: boolean[] = [];
    followPresence(meeting, (inMeeting) => changes.push(inMeeting));
    emit('errorOccurred', { type: 'CONFIG', isFatal: true });
    emit('readyToClose');
    expect(changes.includes(true)).toBe(false);
  });
});
