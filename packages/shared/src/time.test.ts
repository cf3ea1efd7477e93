import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_SEPARATOR,
  dateRangeText,
  dateText,
  dateTimeText,
  dayIn,
  sameTimeZone,
  wallTime,
  wallTimeInstant,
  zoneOffsetText,
} from './time.js';

// 26-11-2026 12:00 UTC is 05:30 PM in Kolkata and 07:00 AM in New York.
const NOON_UTC = '2026-11-26T12:00:00.000Z';

describe('the one formatter (decision 37)', () => {
  it('writes a day as DD-MM-YYYY and a range with one separator', () => {
    expect(dateText('2026-11-26')).toBe('26-11-2026');
    expect(dateText(null)).toBe('');
    expect(dateRangeText('2026-04-01', '2027-03-31')).toBe(`01-04-2026 ${DATE_RANGE_SEPARATOR} 31-03-2027`);
  });

  it('writes an instant as DD-MM-YYYY | hh:mm A in the zone it is given, not the process zone', () => {
    expect(dateTimeText(NOON_UTC, 'Asia/Kolkata')).toBe('26-11-2026 | 05:30 PM');
    expect(dateTimeText(new Date(NOON_UTC), 'America/New_York')).toBe('26-11-2026 | 07:00 AM');
    expect(dateTimeText('2026-11-26T18:45:00Z', 'Asia/Kolkata')).toBe('27-11-2026 | 12:15 AM');
    expect(dateTimeText('2026-11-26T06:45:00Z', 'Asia/Kolkata')).toBe('26-11-2026 | 12:15 PM');
    expect(dateTimeText(null, 'Asia/Kolkata')).toBe('');
  });

  it("turns an instant into the zone's wall time and back, whatever the device's zone", () => {
    expect(wallTime(NOON_UTC, 'Asia/Kolkata')).toBe('2026-11-26 17:30:00');
    expect(wallTimeInstant('2026-11-26 17:30:00', 'Asia/Kolkata').toISOString()).toBe(NOON_UTC);
    expect(wallTimeInstant('2026-11-26 07:00:00', 'America/New_York').toISOString()).toBe(NOON_UTC);
    // Across a change of offset: New York's summer time.
    expect(wallTimeInstant('2026-07-01 08:00:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(wallTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00:00');
  });

  it('names a zone by its offset and knows aliases', () => {
    expect(zoneOffsetText('Asia/Kolkata', new Date(NOON_UTC))).toBe('GMT+05:30');
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Calcutta')).toBe(true);
    expect(sameTimeZone('Asia/Kolkata', 'UTC')).toBe(false);
    expect(sameTimeZone('Asia/Kolkata', 'Not/AZone')).toBe(false);
  });
});

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
