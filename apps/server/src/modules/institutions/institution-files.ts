import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/app-error.js';
import { claimForInstitution } from '../uploads/stored-files.js';

/** What an owner hands to an institution: its logo (a picture) or a demo video. */
const USES = {
  logo: { contentType: 'image/', wrongType: MESSAGES.imageOnly, externalLinks: true },
  demo_video: { contentType: 'video/', wrongType: MESSAGES.videoOnly, externalLinks: false },
} as const;

/**
 * Gives a file the owner uploaded (`POST /api/s3/v2`; it has no institution yet) to the
 * institution as its logo or demo video, so the institution's users may read it. A file already
 * the institution's is kept as it is. Anything else answers 400 on `field`: a link to no stored
 * file, another institution's file (its users could not read it), or the wrong type of file.
 * A logo may also be an outside http(s) link, as the create form allows. Returns the storage key
 * claimed, for the caller to forget its cached row once the transaction has committed.
 */
export async function attachOwnerUpload(
  tx: Transaction,
  deps: AppDeps,
  target: { url: string; institutionId: string; use: keyof typeof USES; field: string },
): Promise<string | null> {
  const use = USES[target.use];
  const refuse = (message: string) => badRequest(message, { [target.field]: message });
  const key = deps.storage.keyOf(target.url);
  if (!key) {
    if (use.externalLinks && /^https?:\/\//i.test(target.url)) return null;
    throw refuse(MESSAGES.uploadAgain);
  }
  const [file] = await tx
    .select({ institutionId: uploads.institutionId, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.storageKey, key))
    .for('update');
  if (!file || (file.institutionId !== null && file.institutionId !== target.institutionId)) {
    throw refuse(MESSAGES.uploadAgain);
  }
  if (!file.contentType.startsWith(use.contentType)) throw refuse(use.wrongType);
  if (file.institutionId !== null) return null;
  await claimForInstitution(tx, key, target.institutionId, target.use);
  return key;
}
