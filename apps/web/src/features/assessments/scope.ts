import type { BatchSubject } from '@portal/shared';
import { useMemo } from 'react';
import { useRequiredAccount } from '../../lib/session';
import { useBatchOptions, useBatchSubjects, useMyBatchSubjects } from '../subjects/api';

export interface Option {
  value: string;
  label: string;
}

const batchLabel = (title: string, academicYear: string) => `${title} (${academicYear})`;
const subjectOption = (subject: BatchSubject): Option => ({
  value: subject._id,
  label: `${subject.subject_title} (${subject.subject_code})`,
});

/**
 * The batches and batch subjects an author may set assessments for: a moderator's whole
 * institution, a faculty member's own batch subjects only (the server refuses the others).
 */
export function useAssessmentScope(batchId: string | null) {
  const { permission } = useRequiredAccount();
  const faculty = permission === 'faculty';
  const institutionBatches = useBatchOptions();
  const batchSubjects = useBatchSubjects(faculty ? null : batchId);
  const taught = useMyBatchSubjects();

  return useMemo(() => {
    if (faculty) {
      const own = taught.data ?? [];
      const batches = new Map<string, Option>();
      for (const subject of own) {
        batches.set(subject.batch_id, {
          value: subject.batch_id,
          label: batchLabel(subject.batch_title, subject.academic_year),
        });
      }
      return {
        batches: [...batches.values()],
        subjects: own.filter((subject) => subject.batch_id === batchId).map(subjectOption),
        batchesPending: taught.isPending,
        subjectsPending: taught.isPending,
      };
    }
    return {
      batches: (institutionBatches.data ?? []).map((batch) => ({
        value: batch._id,
        label: batchLabel(batch.title, batch.academic_year),
      })),
      subjects: (batchSubjects.data ?? []).map(subjectOption),
      batchesPending: institutionBatches.isPending,
      subjectsPending: Boolean(batchId) && batchSubjects.isPending,
    };
  }, [
    faculty,
    taught.data,
    taught.isPending,
    institutionBatches.data,
    institutionBatches.isPending,
    batchSubjects.data,
    batchSubjects.isPending,
    batchId,
  ]);
}
