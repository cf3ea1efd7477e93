import { sql } from 'drizzle-orm';
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
 * The evaluators of an examination may also read its answer sheets: the faculty of its batch
 * subject (moderators already read every private file of their institution). A sheet is found
 * through its uploader's own attempts, so the lookup stays on their few rows.
 */
export async function isAnswerSheetEvaluator(
  deps: AppDeps,
  user: AuthUser,
  file: StoredFileFacts,
): Promise<boolean> {
  if (user.permission !== 'faculty' || file.institutionId !== user.institutionId) return false;
  const url = deps.storage.publicUrl(file.storageKey);
  const result = await deps.db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from students st
      join exam_attempts ea on ea.student_id = st.id
      join assessments a on a.id = ea.assessment_id and a.institution_id = ${file.institutionId}
      join exam_answers x on x.attempt_id = ea.id
      join batch_subject_faculties bsf on bsf.batch_subject_id = a.batch_subject_id
        and bsf.faculty_id = ${user.entityId}
      where st.user_id = ${file.uploadedBy} and ${url} = any(x.file_urls)) as found`);
  return result.rows[0]?.found ?? false;
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
