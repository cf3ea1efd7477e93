import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from './heartbeat';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const INTERVAL = 30_000;

function setup(initially: DocumentVisibilityState = 'visible') {
  const doc = new FakeDocument();
  doc.visibilityState = initially;
  const win = new EventTarget();
  const send = vi.fn<(minutes: number, leaving: boolean) => void>();
  const beat = startHeartbeat({ intervalMs: INTERVAL, maxMinutes: 5, send, doc, win, now: () => Date.now() });
  return { doc, win, send, beat };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-06T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startHeartbeat', () => {
  it('reports half a minute every 30 seconds while the page is visible', () => {
    const { send, beat } = setup();
    vi.advanceTimersByTime(INTERVAL - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(0.5, false);
    vi.advanceTimersByTime(INTERVAL * 2);
    expect(send.mock.calls).toEqual([
      [0.5, false],
      [0.5, false],
      [0.5, false],
    ]);
    beat.stop();
  });

  it('pauses while the document is hidden and reports the visible part when it hides', () => {
    const { doc, send, beat } = setup();
    vi.advanceTimersByTime(12_000);
    doc.set('hidden');
    // The 12 visible seconds go out at once, as the page may be closing.
    expect(send).toHaveBeenCalledExactlyOnceWith(0.2, true);
    vi.advanceTimersByTime(10 * 60_000);
    expect(send).toHaveBeenCalledTimes(1);
    doc.set('visible');
    vi.advanceTimersByTime(INTERVAL);
    expect(send).toHaveBeenLastCalledWith(0.5, false);
    expect(send).toHaveBeenCalledTimes(2);
    beat.stop();
  });

  it('starts counting only once a hidden page becomes visible', () => {
    const { doc, send, beat } = setup('hidden');
    vi.advanceTimersByTime(INTERVAL * 4);
    expect(send).not.toHaveBeenCalled();
    doc.set('visible');
    vi.advanceTimersByTime(6_000);
    beat.stop();
    expect(send).toHaveBeenCalledExactlyOnceWith(0.1, false);
  });

  it('flushes the rest when stopped (the reader left the topic) and then stays quiet', () => {
    const { doc, send, beat } = setup();
    vi.advanceTimersByTime(INTERVAL + 15_000);
    beat.stop();
    expect(send.mock.calls).toEqual([
      [0.5, false],
      [0.25, false],
    ]);
    vi.advanceTimersByTime(INTERVAL * 3);
    doc.set('hidden');
    doc.set('visible');
    vi.advanceTimersByTime(INTERVAL);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('flushes with a request that outlives the page when the page is closed', () => {
    const { win, send, beat } = setup();
    vi.advanceTimersByTime(18_000);
    win.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledExactlyOnceWith(0.3, true);
    beat.stop();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for less than a second and never more than the server allows', () => {
    const { send, beat } = setup();
    vi.advanceTimersByTime(500);
    beat.stop();
    expect(send).not.toHaveBeenCalled();

    // A machine that slept with the page open: the clock jumps far past one interval.
    const second = setup();
    vi.setSystemTime(Date.now() + 3 * 60 * 60_000);
    vi.advanceTimersByTime(INTERVAL);
    expect(second.send).toHaveBeenCalledExactlyOnceWith(5, false);
    second.beat.stop();
  });
});
