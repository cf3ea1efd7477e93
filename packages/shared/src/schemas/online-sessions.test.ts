import { describe, expect, it } from 'vitest';
import {
  createCustomSessionBodySchema,
  earliestSessionStart,
  endAfterStartChange,
  sessionStartAccepted,
  sessionTimeSchema,
} from './online-sessions.js';

describe('session times', () => {
  it('read ISO instants and the custom session’s UTC "YYYY-MM-DD HH:mm:ss"', () => {
    expect(sessionTimeSchema.parse('2026-11-20T15:30:00+05:30')).toBe('2026-11-20T10:00:00.000Z');
    expect(sessionTimeSchema.parse('2026-11-20 10:00:00')).toBe('2026-11-20T10:00:00.000Z');
    expect(sessionTimeSchema.safeParse('20/11/2026 10:00').success).toBe(false);
    expect(sessionTimeSchema.safeParse('1999-12-31T23:00:00Z').success).toBe(false);
  });

  it('start no earlier than the current 15-minute slot', () => {
    expect(earliestSessionStart(new Date('2026-11-20T10:07:00Z')).toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });

  it('take a form sent just after its slot ended, within the grace, and no later', () => {
    const slot = new Date('2026-11-20T10:00:00Z');
    expect(sessionStartAccepted(slot, new Date('2026-11-20T10:14:59Z'))).toBe(true);
    expect(sessionStartAccepted(slot, new Date('2026-11-20T10:15:00.500Z'))).toBe(true);
    expect(sessionStartAccepted(slot, new Date('2026-11-20T10:19:59Z'))).toBe(true);
    expect(sessionStartAccepted(slot, new Date('2026-11-20T10:20:00Z'))).toBe(false);
    expect(sessionStartAccepted(new Date('2026-11-20T09:44:00Z'), new Date('2026-11-20T10:01:00Z'))).toBe(
      false,
    );
  });

  it('move the end to 30 minutes after a new start when it is not later or further away', () => {
    const start = new Date('2026-11-20T10:00:00Z');
    expect(endAfterStartChange(start, null).toISOString()).toBe('2026-11-20T10:30:00.000Z');
    expect(endAfterStartChange(start, new Date('2026-11-20T09:00:00Z')).toISOString()).toBe(
      '2026-11-20T10:30:00.000Z',
    );
    expect(endAfterStartChange(start, new Date('2026-11-20T12:00:00Z')).toISOString()).toBe(
      '2026-11-20T10:30:00.000Z',
    );
    expect(endAfterStartChange(start, new Date('2026-11-20T10:15:00Z')).toISOString()).toBe(
      '2026-11-20T10:15:00.000Z',
    );
  });
});

describe('custom session body', () => {
  const base = {
    title: 'Revision',
    start_time: '2026-11-20 10:00:00',
    end_time: '2026-11-20 11:00:00',
    subject_id: '6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a90',
    student_ids: ['6b0c3f4e-2f1d-4c7a-9a55-0d6f3e2b1a91'],
  };
  it('needs selected students and a matching total', () => {
    expect(createCustomSessionBodySchema.safeParse(base).success).toBe(true);
    const none = createCustomSessionBodySchema.safeParse({ ...base, student_ids: [] });
    expect(none.error?.issues[0]?.message).toBe('Please select students.');
    expect(createCustomSessionBodySchema.safeParse({ ...base, total_students: 2 }).success).toBe(false);
    expect(
      createCustomSessionBodySchema.safeParse({ ...base, end_time: '2026-11-20 09:00:00' }).success,
    ).toBe(false);
  });
});
