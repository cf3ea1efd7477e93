import { NOTICE_ERROR_MS } from '@portal/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's shown error: set on a failed check or call, gone after 5 s like every error notice
 * (management §9) or as soon as it is cleared (any change to a field, management §4). Each new
 * failure shows for its own 5 s, even when it says the same as the last one.
 */
export function useFormError(): [string | null, (message: string | null) => void] {
  const [shown, setShown] = useState<{ message: string; serial: number } | null>(null);
  const serial = useRef(0);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), NOTICE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const setError = useCallback((message: string | null) => {
    serial.current += 1;
    setShown(message ? { message, serial: serial.current } : null);
  }, []);

  return [shown?.message ?? null, setError];
}
