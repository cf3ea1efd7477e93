import type { uploads } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';

export type FileKind = (typeof uploads.$inferSelect)['kind'];

/** What the rule needs to know of a stored file (its `uploads` row). */
export interface StoredFileFacts {
  id: string;
  storageKey: string;
  institutionId: string | null;
  uploadedBy: string;
  kind: FileKind;
}

/** Kinds only their uploader and the institution's moderators may read (plus the rule below). */
export const PRIVATE_FILE_KINDS: readonly FileKind[] = ['import', 'answer_sheet'];

/**
 * The assessment's evaluators may also read an examination answer sheet. Assessments do not
 * exist yet, so nobody else is allowed; their module replaces this check when it lands.
 */
export async function isAnswerSheetEvaluator(
  _deps: AppDeps,
  _user: AuthUser,
  _file: StoredFileFacts,
): Promise<boolean> {
  return false;
}

/** Kinds an owner sets for an institution, so owners still read them once the institution has them. */
const OWNER_SET_KINDS: readonly FileKind[] = ['logo', 'demo_video'];

const isUploaderOrModerator = (user: AuthUser, file: StoredFileFacts) =>
  file.uploadedBy === user.userId || user.permission === 'moderator';

/**
 * Who may read a stored file. A file belongs to its institution: only that institution's users
 * read it, and private kinds only their uploader and its moderators. Owners belong to no
 * institution: they read the portal's own files (their uploads) and institutions' logos.
 */
export async function canReadFile(deps: AppDeps, user: AuthUser, file: StoredFileFacts): Promise<boolean> {
  if (user.permission === 'owner') return file.institutionId === null || OWNER_SET_KINDS.includes(file.kind);
  if (file.institutionId === null || file.institutionId !== user.institutionId) return false;
  switch (file.kind) {
    case 'content':
    case 'logo':
    case 'demo_video':
      return true;
    case 'import':
      return isUploaderOrModerator(user, file);
    case 'answer_sheet':
      return isUploaderOrModerator(user, file) || isAnswerSheetEvaluator(deps, user, file);
  }
}
