import type { AssessBody, EvaluationRow } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { useState } from 'react';
import { useFormError } from '../../../lib/use-form-error';
import { useAssess } from '../api';
import { assessOutcome, EMPTY_MARK, type Mark } from '../marking';

type Scope = Parameters<typeof assessOutcome>[0];

/**
 * The marks of the answers on screen and their submission (learning §5): Submit checks that every
 * answer is marked ("Please evaluate all answers"), asks "Are you sure you want to submit?", and a
 * refused or failed call says "Failed. Please try again.".
 */
export function useMarkingForm(scope: Scope, rows: readonly EvaluationRow[]) {
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [error, setError] = useFormError();
  const [pending, setPending] = useState<AssessBody | null>(null);
  const assess = useAssess();

  return {
    markOf: (id: string) => marks[id] ?? EMPTY_MARK,
    setMark: (id: string, mark: Mark) => {
      setMarks((current) => ({ ...current, [id]: mark }));
      setError(null);
    },
    error,
    /** Submit: checks the marks, then asks for the confirmation. */
    submit: () => {
      const outcome = assessOutcome(scope, rows, marks);
      if ('error' in outcome) setError(outcome.error);
      else setPending(outcome.body);
    },
    confirming: pending !== null,
    busy: assess.isPending,
    cancel: () => setPending(null),
    confirm: () => {
      if (!pending) return;
      assess.mutate(pending, {
        onSuccess: () => {
          setPending(null);
          setMarks({});
        },
        onError: () => {
          setPending(null);
          setError(MESSAGES.evaluationFailed);
        },
      });
    },
  };
}

export type MarkingForm = ReturnType<typeof useMarkingForm>;
