import { type ChangeEvent, useState } from 'react';

/** The first message of a failed schema check, or null when it passed. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? null;
}

/**
 * A text box's text and its error. The text is checked with the shared rules (the server's) before
 * it is sent; typing clears the error.
 */
export function useCheckedText(check: (text: string) => string | null, initial = '') {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    setError,
    /** Starts again from `value` (empty by default), with no error. */
    reset: (value = '') => {
      setText(value);
      setError(null);
    },
    /** The trimmed text to send, or null once the reason it cannot be sent is shown. */
    checked: (): string | null => {
      const problem = check(text);
      setError(problem);
      return problem === null ? text.trim() : null;
    },
    inputProps: {
      value: text,
      error,
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
        setText(event.currentTarget.value);
        setError(null);
      },
    },
  };
}
