import { useMemo } from 'react';
import type { Option } from '../assessments/scope';
import { useMyBatchSubjects } from '../subjects/api';

/**
 * The batches and batch subjects a faculty member teaches: the choices of the session filters and
 * forms (the server refuses any other). `batchId` narrows the subjects to one batch's.
 */
export function useTaughtScope(batchId: string | null) {
  const taught = useMyBatchSubjects();
  return useMemo(() => {
    const own = taught.data ?? [];
    const batches = new Map<string, Option>();
    for (const subject of own) {
      batches.set(subject.batch_id, {
        value: subject.batch_id,
        label: `${subject.batch_title} (${subject.academic_year})`,
      });
    }
    const subjects = own
      .filter((subject) => !batchId || subject.batch_id === batchId)
      .map((subject) => ({
        value: subject._id,
        label: batchId
          ? `${subject.subject_title} (${subject.subject_code})`
          : `${subject.subject_title} (${subject.subject_code}) · ${subject.batch_title}`,
      }));
    return { batches: [...batches.values()], subjects, pending: taught.isPending, all: own };
  }, [taught.data, taught.isPending, batchId]);
}
