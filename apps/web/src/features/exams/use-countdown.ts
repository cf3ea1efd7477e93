import { useCallback, useEffect, useRef, useState } from 'react';
import { deadlineFrom, timeLeftAt } from './countdown';

/** The clock ticks every second (learning §9). */
const TICK_MS = 1000;

/**
 * The examination's time left, ticking every second on the page's monotonic clock from the
 * server's `time_left_ms`; `sync` takes every newer figure the server answers (decision 26).
 */
export function useCountdown(initialTimeLeftMs: number) {
  const deadline = useRef(deadlineFrom(initialTimeLeftMs, performance.now()));
  const [timeLeft, setTimeLeft] = useState(initialTimeLeftMs);

  useEffect(() => {
    const tick = () => setTimeLeft(timeLeftAt(deadline.current, performance.now()));
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const sync = useCallback((timeLeftMs: number) => {
    deadline.current = deadlineFrom(timeLeftMs, performance.now());
    setTimeLeft(timeLeftMs);
  }, []);

  return { timeLeft, sync };
}
