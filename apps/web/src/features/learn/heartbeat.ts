/** What the heartbeat needs of `document`: its visibility and the event telling it changed. */
export interface VisibilitySource extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

export interface HeartbeatOptions {
  intervalMs: number;
  /** The most one beat may claim, in minutes (the server refuses more). */
  maxMinutes: number;
  /**
   * Sends the visible minutes since the previous beat. `leaving` is true when the page is being
   * hidden or closed, where only a request that outlives the page is sure to arrive.
   */
  send: (minutes: number, leaving: boolean) => void;
  doc: VisibilitySource;
  /** Fires `pagehide` when the page is closed or left for another site. */
  win?: EventTarget;
  now?: () => number;
}

/** Less than a second of reading is not worth a request. */
const MIN_MS = 1000;

/**
 * Counts the time a page is visible and reports it every `intervalMs`, pausing while the document
 * is hidden and reporting what is left when it is hidden, closed, or stopped (the reader moved on).
 */
export function startHeartbeat(options: HeartbeatOptions): { stop: () => void } {
  const { intervalMs, maxMinutes, send, doc, win, now = Date.now } = options;
  let visibleSince: number | null = null;
  let pendingMs = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  const collect = () => {
    if (visibleSince === null) return;
    const at = now();
    pendingMs += Math.max(0, at - visibleSince);
    visibleSince = at;
  };

  const flush = (leaving: boolean) => {
    collect();
    if (pendingMs < MIN_MS) return;
    const minutes = Math.min(pendingMs / 60_000, maxMinutes);
    pendingMs = 0;
    send(Math.round(minutes * 1000) / 1000, leaving);
  };

  const resume = () => {
    visibleSince = now();
    timer ??= setInterval(() => flush(false), intervalMs);
  };

  const pause = (leaving: boolean) => {
    flush(leaving);
    visibleSince = null;
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const onVisibility = () => {
    if (stopped) return;
    if (doc.visibilityState === 'visible') {
      if (visibleSince === null) resume();
    } else {
      pause(true);
    }
  };
  const onPageHide = () => {
    if (!stopped) pause(true);
  };

  doc.addEventListener('visibilitychange', onVisibility);
  win?.addEventListener('pagehide', onPageHide);
  if (doc.visibilityState === 'visible') resume();

  return {
    stop() {
      if (stopped) return;
      pause(false);
      stopped = true;
      doc.removeEventListener('visibilitychange', onVisibility);
      win?.removeEventListener('pagehide', onPageHide);
    },
  };
}
