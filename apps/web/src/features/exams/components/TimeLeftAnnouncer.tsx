import { VisuallyHidden } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { minutesMarkReached } from '../countdown';

/**
 * Tells a screen reader the time left at 10, 5 and 1 minutes, politely (it waits for a pause):
 * the clock itself changes every second and is never read out on its own.
 */
export function TimeLeftAnnouncer({ timeLeft }: { timeLeft: number }) {
  const before = useRef(timeLeft);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const mark = minutesMarkReached(before.current, timeLeft);
    before.current = timeLeft;
    if (mark === null) return;
    setSaid(
      mark === 1 ? LABELS.examOneMinuteLeft : formatMessage(LABELS.examMinutesLeft, { n: String(mark) }),
    );
  }, [timeLeft]);
  // The region is in the page from the start, so what is put in it later is announced.
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="exam-time-announcement">
      {said}
    </VisuallyHidden>
  );
}
