import { describe, expect, it } from 'vitest';
import { dayIn } from './institution-day.js';

describe('dayIn', () => {
  it('turns the day at local midnight, asked again and again around it', () => {
    // Asia/Kolkata is UTC+5:30: its midnight is 18:30 UTC.
    const asked = [
      ['2026-11-20T18:29:00.000Z', '2026-11-20'],
      ['2026-11-20T18:29:59.999Z', '2026-11-20'],
      ['2026-11-20T18:30:00.000Z', '2026-11-21'],
      ['2026-11-20T18:30:30.000Z', '2026-11-21'],
      ['2026-11-20T18:29:30.000Z', '2026-11-20'],
      ['2026-11-20T18:29:30.000Z', '2026-11-20'],
      ['2026-11-21T18:30:00.000Z', '2026-11-22'],
    ] as const;
    for (const [instant, day] of asked) expect(dayIn('Asia/Kolkata', new Date(instant)), instant).toBe(day);
  });

  it('keeps each zone’s day apart within the same minute', () => {
    const instant = new Date('2026-11-21T03:00:10.000Z');
    expect(dayIn('Asia/Kolkata', instant)).toBe('2026-11-21');
    expect(dayIn('America/New_York', instant)).toBe('2026-11-20');
    expect(dayIn('Asia/Kolkata', new Date('2026-11-21T03:00:50.000Z'))).toBe('2026-11-21');
    expect(dayIn('America/New_York', new Date('2026-11-21T04:59:59.999Z'))).toBe('2026-11-20');
    expect(dayIn('America/New_York', new Date('2026-11-21T05:00:00.000Z'))).toBe('2026-11-21');
  });
});
