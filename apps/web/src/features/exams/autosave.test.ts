import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type SaveState } from './autosave';

const FINAL = new Error('409');

function harness(responses: Array<'ok' | 'fail' | 'final'> = []) {
  const sent: Array<{ questionId: string; body: unknown }> = [];
  const states: SaveState[] = [];
  const timeLeft: number[] = [];
  const closed: unknown[] = [];
  const saver = new Autosaver({
    send: async (questionId, body) => {
      sent.push({ questionId, body });
      const answer = responses.shift() ?? 'ok';
      if (answer === 'fail') throw new Error('network');
      if (answer === 'final') throw FINAL;
      return { time_left_ms: 1000 * sent.length };
    },
    onTimeLeft: (ms) => timeLeft.push(ms),
    onState: (state) => states.push(state),
    isFinal: (error) => error === FINAL,
    onClosed: (error) => closed.push(error),
    debounceMs: 800,
    maxWaitMs: 15_000,
    retryMs: [1000, 2000],
  });
  return { saver, sent, states, timeLeft, closed };
}

describe('autosave (decision 26)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a choice at once and re-syncs the time left from the answer', async () => {
    const { saver, sent, states, timeLeft } = harness();
    saver.change('q1', { submitted_answer_ids: ['a'] });
    expect(sent).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(timeLeft).toEqual([1000]);
    expect(states).toEqual(['saving', 'saved']);
  });

  it('saves typing once it pauses, and at least every 15 s while it goes on', async () => {
    const { saver, sent } = harness();
    saver.change('q4', { submitted_answer_text: 'B' }, { debounce: true });
    saver.change('q4', { submitted_answer_text: 'Be' }, { debounce: true });
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ questionId: 'q4', body: { submitted_answer_text: 'Be' } }]);
    // Typing without a pause for 20 s still saves by the 15 s mark.
    for (let tick = 0; tick < 40; tick += 1) {
      saver.change('q4', { submitted_answer_text: `text ${tick}` }, { debounce: true });
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(sent).toHaveLength(2);
  });

  it('keeps one request per question on its way, the latest answer winning', async () => {
    const { saver, sent } = harness();
    saver.change('q2', { submitted_answer_ids: ['a'] });
    saver.change('q2', { submitted_answer_ids: ['a', 'b'] });
    saver.change('q2', { submitted_answer_ids: ['a', 'b', 'c'] });
    expect(sent).toHaveLength(1);
    await vi.runAllTimersAsync();
    expect(sent.map((item) => item.body)).toEqual([
      { submitted_answer_ids: ['a'] },
      { submitted_answer_ids: ['a', 'b', 'c'] },
    ]);
  });

  it('retries a failed save, saying so, until it lands', async () => {
    const { saver, sent, states } = harness(['fail', 'fail', 'ok']);
    saver.change('q1', { submitted_answer_ids: ['a'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(3);
    expect(states.at(-1)).toBe('saved');
    expect(saver.pending).toBe(false);
  });

  it('stops everything on a final refusal (submitted elsewhere, time over)', async () => {
    const { saver, sent, states, closed } = harness(['final']);
    saver.change('q1', { submitted_answer_ids: ['a'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toEqual([FINAL]);
    expect(states.at(-1)).toBe('closed');
    saver.change('q2', { submitted_answer_ids: ['b'] });
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it('sends waiting typing at once on flush (before a submit)', async () => {
    const { saver, sent } = harness();
    saver.change('q4', { submitted_answer_text: 'draft' }, { debounce: true });
    await saver.flush();
    expect(sent).toEqual([{ questionId: 'q4', body: { submitted_answer_text: 'draft' } }]);
  });
});
