import type { Role } from '@portal/shared';

/** Authoring a topic's self assessment is authoring its subject: moderators, or faculty teaching it. */
export { canAuthorSubject as mayAuthorSelfAssessment } from '../subjects/subjects.policy.js';

/**
 * Who may do what with self assessments (learning §6). A topic's questions are attached by its
 * subject's authors; its readers (students of a batch that studies the subject, visible topics
 * only) see them without the right answers; students take them, as often as they like, and read
 * only their own results.
 */
export const SELF_ASSESSMENT_POLICY = {
  /** Preview, attach, view with the right answers, remove. */
  author: ['moderator', 'faculty'],
  /** The questions without their right answers. */
  read: ['moderator', 'faculty', 'student'],
  /** Submit, and read one's own results. */
  take: ['student'],
} as const satisfies Record<string, readonly Role[]>;
