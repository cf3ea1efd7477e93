import type { Role } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  cachedStudentSubjectLinks,
  cachedSubjectLinks,
  loadSubjectLinks,
  type SubjectLinks,
} from './subjects.service.js';

/** Who may call which subject and batch-subject routes (management §6). */
export const SUBJECT_POLICY = {
  list: ['moderator', 'faculty'],
  manage: ['moderator'],
} as const satisfies Record<string, readonly Role[]>;

export const BATCH_SUBJECT_POLICY = {
  view: ['moderator', 'faculty', 'student'],
  manage: ['moderator'],
  /** A moderator, or the faculty member the path names (checked by `mayListFacultyYear`). */
  facultyYear: ['moderator', 'faculty'],
} as const satisfies Record<string, readonly Role[]>;

/** What one caller may do with one subject's content (chapters, topics). */
export interface SubjectAccess {
  /** May list its chapters and topics. */
  read: boolean;
  /** May create, edit and delete its chapters and topics. */
  author: boolean;
  /** Sees only visible chapters and topics (students). */
  visibleOnly: boolean;
}

/**
 * The caller's access to a subject of their institution, from how they are linked to it; null
 * when the subject does not exist for them (missing, deleted or another institution's).
 * Moderators manage every subject; a faculty member reads and authors the subjects of batch
 * subjects they are assigned to; a student reads the subjects taught to their own batch, visible
 * content only.
 */
function accessFromLinks(permission: Role, links: SubjectLinks | undefined): SubjectAccess | null {
  if (!links) return null;
  switch (permission) {
    case 'moderator':
      return { read: true, author: true, visibleOnly: false };
    case 'faculty':
      return { read: links.teaches, author: links.teaches, visibleOnly: false };
    case 'student':
      return { read: links.studies, author: false, visibleOnly: true };
    default:
      return { read: false, author: false, visibleOnly: true };
  }
}

/** The caller's access to a subject (see `accessFromLinks`), always read from the database. */
export async function subjectAccess(
  deps: AppDeps,
  user: AuthUser,
  subjectId: string,
): Promise<SubjectAccess | null> {
  const links = await loadSubjectLinks(deps, institutionOf(user), subjectId, user.entityId);
  return accessFromLinks(user.permission, links);
}

/** May this user author content (chapters, topics) of this subject? False also when it is not theirs to see. */
export async function canAuthorSubject(deps: AppDeps, user: AuthUser, subjectId: string): Promise<boolean> {
  return (await subjectAccess(deps, user, subjectId))?.author ?? false;
}

/** Throws 404 for a subject the caller's institution does not have, 403 when they may not author it. */
export async function assertCanAuthorSubject(
  deps: AppDeps,
  user: AuthUser,
  subjectId: string,
): Promise<void> {
  const access = await subjectAccess(deps, user, subjectId);
  if (!access) throw notFound();
  if (!access.author) throw forbidden();
}

/**
 * Throws 404 / 403 like `assertCanAuthorSubject`, for reading; answers the caller's access. The
 * same rule, on the caller's links kept for two seconds (lib/read-cache.ts): reading a subject's
 * chapters is a hot path, and a write of the institution drops them at once in this process.
 */
export async function assertCanReadSubject(
  deps: AppDeps,
  user: AuthUser,
  subjectId: string,
): Promise<SubjectAccess> {
  const institutionId = institutionOf(user);
  const links =
    user.permission === 'student'
      ? await cachedStudentSubjectLinks(deps, institutionId, subjectId, user.entityId)
      : await cachedSubjectLinks(deps, institutionId, subjectId, user.entityId);
  const access = accessFromLinks(user.permission, links);
  if (!access) throw notFound();
  if (!access.read) throw forbidden();
  return access;
}

/** A faculty member may list only their own batch subjects by academic year. */
export function mayListFacultyYear(user: AuthUser, facultyId: string): boolean {
  return user.permission === 'moderator' || (user.permission === 'faculty' && user.entityId === facultyId);
}
