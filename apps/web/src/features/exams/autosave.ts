import type { SaveAnswerBody } from '@portal/shared';

/** What the page says about saving: nothing yet, on its way, all stored, failing (retrying), or over. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'closed';

export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AutosaverOptions {
  /** Stores one answer; answers the server's time left (decision 26). */
  send: (questionId: string, body: SaveAnswerBody) => Promise<{ time_left_ms: number }>;
  onTimeLeft: (ms: number) => void;
  onState: (state: SaveState) => void;
  /** A refusal no retry can mend (submitted elsewhere, time over): saving stops. */
  isFinal: (error: unknown) => boolean;
  onClosed: (error: unknown) => void;
  /** Typing is saved once it pauses this long… */
  debounceMs?: number;
  /** …and at least this often while it goes on (decision 26: at least every 15 s). */
  maxWaitMs?: number;
  /** Waits between retries of a failed save, the last repeated. */
  retryMs?: readonly number[];
  timers?: Timers;
}

interface Slot {
  /** The latest answer not yet stored (null: nothing waiting). */
  body: SaveAnswerBody | null;
  timer: unknown;
  /** When the waiting answer was first changed (for the 15 s ceiling). */
  waitingSince: number | null;
  inFlight: Promise<void> | null;
  failures: number;
}

const DEFAULT_RETRY_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * Autosaves a student's answers question by question (decision 26): choices at once, typing after a
 * pause (and at least every 15 s), one request per question at a time with the latest answer
 * winning. A failed save is kept and retried with growing waits until it lands; a final refusal
 * (409) stops everything. Every stored answer re-syncs the countdown with the server's time left.
 */
export class Autosaver {
  private readonly slots = new Map<string, Slot>();
  private readonly timers: Timers;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly retryMs: readonly number[];
  private everSaved = false;
  private closed = false;
  private refused = false;
  private lastState: SaveState = 'idle';

  constructor(private readonly options: AutosaverOptions) {
    this.timers = options.timers ?? {
      setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    this.debounceMs = options.debounceMs ?? 800;
    this.maxWaitMs = options.maxWaitMs ?? 15_000;
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  }

  /** Queues the question's latest answer: at once, or after the typing pause. */
  change(questionId: string, body: SaveAnswerBody, { debounce = false } = {}) {
    if (this.closed) return;
    const slot = this.slot(questionId);
    slot.body = body;
    slot.failures = 0;
    this.clearTimer(slot);
    if (!debounce) {
      slot.waitingSince = null;
      this.pump(questionId);
    } else {
      const now = Date.now();
      slot.waitingSince ??= now;
      const wait = Math.max(0, Math.min(this.debounceMs, slot.waitingSince + this.maxWaitMs - now));
      slot.timer = this.timers.setTimeout(() => {
        slot.timer = null;
        slot.waitingSince = null;
        this.pump(questionId);
      }, wait);
    }
    this.report();
  }

  /** Sends every waiting answer now (before a submit) and waits for the requests on their way. */
  async flush(): Promise<void> {
    for (const [questionId, slot] of this.slots) {
      if (slot.timer !== null) {
        this.clearTimer(slot);
        slot.waitingSince = null;
        this.pump(questionId);
      }
    }
    await Promise.all([...this.slots.values()].map((slot) => slot.inFlight));
  }

  /** Saves again after `stop` (a page shown again; never after a final refusal). */
  resume() {
    if (!this.refused) this.closed = false;
  }

  /** Stops saving (the exam was submitted, or the page left). */
  stop() {
    this.closed = true;
    for (const slot of this.slots.values()) this.clearTimer(slot);
  }

  /** Whether this question's answer is still waiting or on its way. */
  isWaiting(questionId: string): boolean {
    const slot = this.slots.get(questionId);
    return slot !== undefined && (slot.body !== null || slot.inFlight !== null);
  }

  /** Whether an answer is still waiting or on its way. */
  get pending(): boolean {
    return [...this.slots.values()].some((slot) => slot.body !== null || slot.inFlight !== null);
  }

  private slot(questionId: string): Slot {
    let slot = this.slots.get(questionId);
    if (!slot) {
      slot = { body: null, timer: null, waitingSince: null, inFlight: null, failures: 0 };
      this.slots.set(questionId, slot);
    }
    return slot;
  }

  private clearTimer(slot: Slot) {
    if (slot.timer !== null) this.timers.clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Sends the slot's waiting answer unless one is on its way (then it follows that one). */
  private pump(questionId: string) {
    const slot = this.slot(questionId);
    if (this.closed || slot.inFlight || slot.body === null) return;
    const body = slot.body;
    slot.body = null;
    slot.inFlight = this.options
      .send(questionId, body)
      .then(
        (result) => {
          slot.failures = 0;
          this.everSaved = true;
          this.options.onTimeLeft(result.time_left_ms);
        },
        (error: unknown) => {
          if (this.options.isFinal(error)) {
            this.refused = true;
            this.stop();
            this.options.onClosed(error);
            return;
          }
          // Keep the failed answer unless a newer one has replaced it, and try again later.
          slot.body ??= body;
          slot.failures += 1;
          const wait = this.retryMs[Math.min(slot.failures - 1, this.retryMs.length - 1)]!;
          this.clearTimer(slot);
          slot.timer = this.timers.setTimeout(() => {
            slot.timer = null;
            this.pump(questionId);
          }, wait);
        },
      )
      .finally(() => {
        slot.inFlight = null;
        if (slot.timer === null && slot.body !== null) this.pump(questionId);
        this.report();
      });
    this.report();
  }

  private state(): SaveState {
    if (this.closed) return 'closed';
    const slots = [...this.slots.values()];
    if (slots.some((slot) => slot.failures > 0)) return 'retrying';
    if (slots.some((slot) => slot.body !== null || slot.inFlight !== null)) return 'saving';
    return this.everSaved ? 'saved' : 'idle';
  }

  private report() {
    const state = this.state();
    if (state === this.lastState) return;
    this.lastState = state;
    this.options.onState(state);
  }
}
