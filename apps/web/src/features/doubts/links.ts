import type { Doubt } from '@portal/shared';
import type { Selection } from '../../lib/selection-path';

/** A doubt's topic as a selection; the batch comes from the caller's batch subjects when known. */
export const doubtTopic = (
  doubt: Doubt,
  batchOf: (batchSubjectId: string) => string | undefined,
): Selection => ({
  batch: batchOf(doubt.batch_subject_id),
  subject: doubt.batch_subject_id,
  chapter: doubt.chapter_id,
  topic: doubt.topic_id,
});
