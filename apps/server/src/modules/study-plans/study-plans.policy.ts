import type { Role } from '@portal/shared';

/**
 * Who may do what with study plans (management §6): moderators plan; faculty read the plans of a
 * topic, and of a chapter only for batch subjects they teach (checked in the service); students
 * read their own batch's plan.
 */
export const STUDY_PLAN_POLICY = {
  manage: ['moderator'],
  readByTopic: ['moderator', 'faculty'],
  readByChapter: ['moderator', 'faculty'],
  readOwn: ['student'],
} as const satisfies Record<string, readonly Role[]>;

/** Faculty see a chapter's plan only for the batch subjects they are assigned to. */
export function mayReadBatchSubjectPlan(role: Role, teachesBatchSubject: boolean): boolean {
  return role === 'moderator' || (role === 'faculty' && teachesBatchSubject);
}
