import { ApiError } from '../../lib/api-error';

/** The portal answers 503 BUSY when too many sign-ins wait their turn (its sign-in queue is full). */
export const isSignInBusy = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.code === 'BUSY';

export interface RetryOptions {
  /** Told when the portal is busy (true) and when a try goes through or fails otherwise (false). */
  onBusy: (busy: boolean) => void;
  /** Waits between tries, the last repeated, each stretched by up to half again at random. */
  waitsMs?: readonly number[];
  /** Gives up with the busy answer after this long (a page left open this long is abandoned). */
  patienceMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const WAITS_MS = [2000, 3000, 5000];
const PATIENCE_MS = 5 * 60_000;

/**
 * Signs in, waiting and trying again while the portal is busy, so a sign-in in the rush before an
 * exam is served late rather than lost. Any other answer (success, wrong password, a limit) ends it.
 * The waits are spread at random so a crowd turned away together does not return together.
 */
export async function withSignInRetry<T>(signIn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const waits = options.waitsMs ?? WAITS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const giveUpAt = now() + (options.patienceMs ?? PATIENCE_MS);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await signIn();
      options.onBusy(false);
      return result;
    } catch (error) {
      if (!isSignInBusy(error) || now() >= giveUpAt) {
        options.onBusy(false);
        throw error;
      }
      options.onBusy(true);
      const wait = waits[Math.min(attempt, waits.length - 1)]!;
      await sleep(wait * (1 + random() / 2));
    }
  }
}
