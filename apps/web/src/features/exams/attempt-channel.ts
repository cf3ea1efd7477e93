import type { SavedAnswer } from '@portal/shared';

export interface AttemptChannel {
  /** Tells the attempt's other tabs of an answer this tab stored. */
  announce(answer: SavedAnswer): void;
  close(): void;
}

/**
 * The tabs of one attempt tell each other of the answers they store (a BroadcastChannel of the
 * same origin), so a tab left open never shows an answer another tab has replaced. Where the
 * browser has none, the server still keeps a stale tab's submit from overwriting a newer save
 * (`saved_at`).
 */
export function openAttemptChannel(
  attemptId: string,
  onAnswer: (answer: SavedAnswer) => void,
): AttemptChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => {}, close: () => {} };
  const channel = new BroadcastChannel(`exam-attempt-${attemptId}`);
  channel.onmessage = (event: MessageEvent<SavedAnswer>) => onAnswer(event.data);
  return {
    announce: (answer) => channel.postMessage(answer),
    close: () => channel.close(),
  };
}

/** The later of two `updated_at`s (ISO instants of the server, so they compare as text). */
export const laterSave = (a: string | null | undefined, b: string | null | undefined) =>
  !a ? (b ?? null) : !b || a >= b ? a : b;
