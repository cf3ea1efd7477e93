import type { Role } from '@portal/shared';

/**
 * Who may call the chapter routes. Which subjects each caller reaches is decided per subject by
 * `subjectAccess` / `canAuthorSubject` (modules/subjects/subjects.policy.ts).
 */
export const CHAPTER_POLICY = {
  view: ['moderator', 'faculty', 'student'],
  author: ['moderator', 'faculty'],
} as const satisfies Record<string, readonly Role[]>;
