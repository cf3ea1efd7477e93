import { type Readable, Transform } from 'node:stream';
import { MESSAGES, type UploadPurpose } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { uploads } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { shortenFilename, storageKeyFor } from '../../lib/storage.js';
import { isUnstorable } from '../../lib/unstorable-text.js';
import type { AuthUser } from '../../plugins/auth.js';

export interface StoredFile {
  publicUrl: string;
  filename: string;
}

const institutionScope = (user: Pick<AuthUser, 'institutionId'>) => user.institutionId ?? 'portal';

/** Private kinds get folders of their own, so they are told apart in the storage too. */
const FOLDERS: Record<UploadPurpose, string> = {
  content: '',
  import: '/imports',
  answer_sheet: '/answer-sheets',
};

/**
 * Stores one uploaded file and records it with its institution, uploader and kind (which decide
 * who may read it), so its URL is known as the portal's own. An empty file is refused.
 */
export async function storeUpload(
  deps: AppDeps,
  user: AuthUser,
  file: { filename: string; stream: Readable & { truncated?: boolean }; purpose: UploadPurpose },
): Promise<StoredFile> {
  // Multipart file names are not seen by the input guard, which reads JSON, queries and paths.
  if (isUnstorable(file.filename)) {
    throw badRequest(MESSAGES.unstorableText, { file: MESSAGES.unstorableText });
  }
  const filename = shortenFilename(file.filename);
  const { key, contentType } = storageKeyFor(`${institutionScope(user)}${FOLDERS[file.purpose]}`, filename, {
    importFile: file.purpose === 'import',
  });
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await deps.storage.save(key, file.stream.pipe(counter), contentType);
  } catch (error) {
    await deps.storage.remove(key).catch(() => {});
    throw error;
  }
  // Over the limit the parser stops reading: nothing partial is kept.
  if (file.stream.truncated) {
    await deps.storage.remove(key);
    throw new AppError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  }
  if (size === 0) {
    await deps.storage.remove(key);
    throw badRequest(MESSAGES.fileEmpty, { file: MESSAGES.fileEmpty });
  }
  const publicUrl = deps.storage.publicUrl(key);
  await deps.db.insert(uploads).values({
    institutionId: user.institutionId,
    uploadedBy: user.userId,
    storageKey: key,
    publicUrl,
    filename,
    contentType,
    size,
    kind: file.purpose,
  });
  return { publicUrl, filename };
}

const VIDEO = /\.(mp4|m4v|webm|mov)$/i;
export const isVideoFilename = (filename: string) => VIDEO.test(filename);

/** A finished resumable video upload becomes a stored file with a public URL. */
export async function adoptVideo(
  deps: AppDeps,
  owner: { userId: string; institutionId: string | null },
  upload: { id: string; filename: string; size: number },
): Promise<string> {
  const filename = shortenFilename(upload.filename);
  const { key, contentType } = storageKeyFor(`${institutionScope(owner)}/videos`, filename);
  await deps.storage.adoptTusUpload(upload.id, key, contentType);
  const publicUrl = deps.storage.publicUrl(key);
  await deps.db.insert(uploads).values({
    institutionId: owner.institutionId,
    uploadedBy: owner.userId,
    storageKey: key,
    publicUrl,
    filename,
    contentType,
    size: upload.size,
  });
  return publicUrl;
}

/** The content of a file the caller's institution uploaded to the portal (decision 12), else 400. */
export async function readOwnUpload(deps: AppDeps, institutionId: string, url: string): Promise<Buffer> {
  const refused = () => badRequest(MESSAGES.csvNotOwnFile, { content_url: MESSAGES.csvNotOwnFile });
  const key = deps.storage.keyOf(url);
  if (!key) throw refused();
  const [upload] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.storageKey, key), eq(uploads.institutionId, institutionId)));
  if (!upload) throw refused();
  try {
    return await deps.storage.read(key);
  } catch {
    throw refused();
  }
}
