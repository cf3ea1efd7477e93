import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { preparedStatement } from '../../lib/prepared.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import type { FileKind, StoredFileFacts } from './file-access.policy.js';

/**
 * A page shows many files and a video asks for many ranges, so a file's row is kept for a moment
 * per process. Rows only ever change when an owner's logo is given to its institution
 * (`claimLogo`), after which the entry here is forgotten; another process sees it within the TTL.
 */
const storedFiles = ttlCache<StoredFileFacts | undefined>({ ttlMs: 30_000, maxEntries: 20_000 });

async function loadFacts(db: Database, key: string): Promise<StoredFileFacts | undefined> {
  const query = preparedStatement(db, 'upload_by_key', (name) =>
    db
      .select({
        id: uploads.id,
        storageKey: uploads.storageKey,
        institutionId: uploads.institutionId,
        uploadedBy: uploads.uploadedBy,
        kind: uploads.kind,
      })
      .from(uploads)
      .where(eq(uploads.storageKey, sql.placeholder('key')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ key });
  return row;
}

/** The `uploads` row of a storage key (one indexed lookup, then kept briefly), or undefined. */
export async function findStoredFile(db: Database, key: string): Promise<StoredFileFacts | undefined> {
  // Unknown keys are not kept: a file recorded a moment later must be found.
  return storedFiles.get(
    db,
    key,
    () => loadFacts(db, key),
    (facts) => facts !== undefined,
  );
}

/**
 * An institution's logo and demo videos are uploaded by an owner, who belongs to no institution;
 * once handed to the institution the file becomes its own, readable by its users (and owners, for
 * these kinds). Only a file still without an institution is taken. Then `forgetStoredFile`.
 */
export async function claimForInstitution(
  tx: Pick<Database, 'update'>,
  key: string,
  institutionId: string,
  kind: Extract<FileKind, 'logo' | 'demo_video'>,
): Promise<void> {
  await tx
    .update(uploads)
    .set({ institutionId, kind })
    .where(and(eq(uploads.storageKey, key), isNull(uploads.institutionId)));
}

/** The owner's uploaded logo becomes the logo of the institution created with it. */
export const claimLogo = (tx: Pick<Database, 'update'>, key: string, institutionId: string) =>
  claimForInstitution(tx, key, institutionId, 'logo');

/** Drops the kept row of a file whose row changed. */
export function forgetStoredFile(db: Database, key: string): void {
  storedFiles.forget(db, key);
}
