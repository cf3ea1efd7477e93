import type { Assessment } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { nextChange, shownExamState } from './opening';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const DUE = Date.parse('2026-11-28T10:00:00.000Z');

const card = (exam_state: Assessment['exam_state'], id = 'a') =>
  ({
    _id: id,
    exam_state,
    start_date: new Date(START).toISOString(),
    due_date: new Date(DUE).toISOString(),
  }) as Assessment;

describe('an exam card waiting for its start (the Examinations tab, the home’s pending ones)', () => {
  it('opens at its start and is missed after its own due date, by the device’s clock', () => {
    const waiting = card('not_started');
    expect(shownExamState(waiting, START - 1)).toBe('not_started');
    expect(shownExamState(waiting, START)).toBe('start');
    expect(shownExamState(waiting, DUE)).toBe('start');
    expect(shownExamState(waiting, DUE + 1)).toBe('missed');
  });

  it('keeps every other state as the server gave it, whatever the device’s clock says', () => {
    for (const state of ['start', 'submitted', 'missed'] as const) {
      expect(shownExamState(card(state), START - 3_600_000)).toBe(state);
      expect(shownExamState(card(state), DUE + 3_600_000)).toBe(state);
    }
    // A card without a state (never a student's) reads as not started, as before.
    expect(shownExamState(card(null), START - 1)).toBe('not_started');
  });

  it('wakes at the soonest start or due date still to come of the cards not started', () => {
    const later = { ...card('not_started', 'b'), start_date: new Date(START + 60_000).toISOString() };
    const cards = [card('start', 'c'), later, card('not_started')];
    expect(nextChange(cards, START - 10)).toBe(START);
    expect(nextChange(cards, START)).toBe(START + 60_000);
    expect(nextChange(cards, START + 60_000)).toBe(DUE + 1);
    expect(nextChange(cards, DUE + 1)).toBeNull();
    expect(nextChange([card('start')], START - 10)).toBeNull();
  });
});
