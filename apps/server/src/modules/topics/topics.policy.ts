import type { Role } from '@portal/shared';
import type { AuthUser } from '../../plugins/auth.js';

/** Authoring a topic is authoring its chapter's subject: moderators, or faculty teaching it. */
export { canAuthorSubject as mayAuthorSubject } from '../subjects/subjects.policy.js';

/**
 * Who may do what with topics (management §6). Reading is narrowed further by the service's
 * visibility rules: moderators read all of their institution's topics, faculty those of subjects
 * they are assigned to, students the visible topics of visible chapters of their batch's subjects.
 */
export const TOPIC_POLICY = {
  read: ['moderator', 'faculty', 'student'],
  write: ['moderator', 'faculty'],
  byAuthor: ['moderator', 'faculty'],
} as const satisfies Record<string, readonly Role[]>;

/** A faculty member lists only their own topics; a moderator anyone's. */
export function mayListAuthors(user: AuthUser, authorIds: readonly string[]): boolean {
  if (user.permission === 'moderator') return true;
  return user.permission === 'faculty' && authorIds.every((id) => id === user.entityId);
}

/**
 * A faculty member always writes topics as themselves, whatever author the form names; a
 * moderator names the author (learning §6: faculty author their own subjects' content).
 */
export function authorIdFor(user: AuthUser, requested: string): string {
  return user.permission === 'faculty' ? user.entityId : requested;
}
