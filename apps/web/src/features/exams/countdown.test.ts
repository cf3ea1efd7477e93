import { describe, expect, it } from 'vitest';
import {
  deadlineFrom,
  formatTimeLeft,
  minutesMarkReached,
  showsUploadWarning,
  timeLeftAt,
} from './countdown';

describe('the examination countdown (learning §4, decision 26)', () => {
  it('shows hours, minutes and seconds, rounding a part second up and never below zero', () => {
    expect(formatTimeLeft(3_599_001)).toBe('01:00:00');
    expect(formatTimeLeft(61_000)).toBe('00:01:01');
    expect(formatTimeLeft(500)).toBe('00:00:01');
    expect(formatTimeLeft(0)).toBe('00:00:00');
    expect(formatTimeLeft(-5000)).toBe('00:00:00');
    expect(formatTimeLeft(2 * 86_400_000)).toBe('48:00:00');
  });

  it('counts from the server’s time left on the page’s own clock', () => {
    const deadline = deadlineFrom(90_000, 1000);
    expect(timeLeftAt(deadline, 31_000)).toBe(60_000);
    expect(timeLeftAt(deadline, 200_000)).toBe(0);
  });

  it('warns to upload the sheets with 10 minutes left, only on an exam with upload questions', () => {
    expect(showsUploadWarning(10 * 60_000, true)).toBe(true);
    expect(showsUploadWarning(10 * 60_000 + 1, true)).toBe(false);
    expect(showsUploadWarning(60_000, false)).toBe(false);
    expect(showsUploadWarning(0, true)).toBe(false);
  });

  it('is announced at 10, 5 and 1 minutes left, once each, and not on other seconds', () => {
    const said: number[] = [];
    // A 12-minute exam read every second to the end.
    for (let ms = 12 * 60_000; ms > 0; ms -= 1000) {
      const mark = minutesMarkReached(ms, ms - 1000);
      if (mark !== null) said.push(mark);
    }
    expect(said).toEqual([10, 5, 1]);
  });

  it('says nothing for a mark already passed when the page opened, and the latest mark after a jump', () => {
    expect(minutesMarkReached(7 * 60_000, 7 * 60_000 - 1000)).toBeNull();
    expect(minutesMarkReached(12 * 60_000, 4 * 60_000)).toBe(5);
    expect(minutesMarkReached(30_000, 0)).toBeNull();
  });
});
