import type { Moderator, ModeratorCredential } from '@portal/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { institutions, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { resetPasswords, setUsersArchived } from '../accounts/accounts.service.js';
import { visible } from './institutions.service.js';

type Executor = Pick<Database, 'select'>;

const moderatorColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  archivedAt: users.archivedAt,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
};

type ModeratorRow = { [K in keyof typeof moderatorColumns]: (typeof users.$inferSelect)[K] };

function present(row: ModeratorRow): Moderator {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    archived: row.archivedAt !== null,
    must_change_password: row.mustChangePassword,
    created_at: row.createdAt.toISOString(),
  };
}

async function assertVisibleInstitution(db: Executor, institutionId: string): Promise<void> {
  const [row] = await db.select({ id: institutions.id }).from(institutions).where(visible(institutionId));
  if (!row) throw notFound();
}

const ofInstitution = (institutionId: string, moderatorId: string) =>
  and(eq(users.id, moderatorId), eq(users.institutionId, institutionId), eq(users.permission, 'moderator'));

/** A moderator of a visible institution; anyone else (another institution's, a student) is 404. */
async function findModerator(
  db: Executor,
  institutionId: string,
  moderatorId: string,
): Promise<ModeratorRow> {
  const [row] = await db
    .select(moderatorColumns)
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institutionId))
    .where(and(ofInstitution(institutionId, moderatorId), eq(institutions.visibility, true)));
  if (!row) throw notFound();
  return row;
}

/** GET /api/institutions/{id}/moderators: the institution's moderators, newest first, archived ones too. */
export async function listModerators(deps: AppDeps, institutionId: string): Promise<Moderator[]> {
  await assertVisibleInstitution(deps.db, institutionId);
  const rows = await deps.db
    .select(moderatorColumns)
    .from(users)
    .where(and(eq(users.institutionId, institutionId), eq(users.permission, 'moderator')))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(present);
}

/**
 * A new generated password, shown to the owner once, to be changed at the next sign-in; every
 * earlier token of the moderator stops working (as a moderator's reset of a student does).
 */
export async function resetModeratorPassword(
  deps: AppDeps,
  institutionId: string,
  moderatorId: string,
): Promise<ModeratorCredential> {
  const moderator = await findModerator(deps.db, institutionId, moderatorId);
  const passwords = await resetPasswords(deps.db, [moderator.id]);
  return { _id: moderator.id, username: moderator.username, password: passwords.get(moderator.id)! };
}

/**
 * Archive (their sign-in and tokens stop at once) or unarchive a moderator. The login row is locked
 * first, so concurrent archive and unarchive of one moderator run one after the other, and the
 * answer tells the state its own request left.
 */
export async function setModeratorArchived(
  deps: AppDeps,
  institutionId: string,
  moderatorId: string,
  archived: boolean,
): Promise<Moderator> {
  await findModerator(deps.db, institutionId, moderatorId);
  const row = await setUsersArchived(deps.db, [moderatorId], archived ? deps.clock.now() : null, {
    writeProfiles: (tx) =>
      tx.select({ id: users.id }).from(users).where(eq(users.id, moderatorId)).for('update'),
    answer: (tx) => findModerator(tx, institutionId, moderatorId),
  });
  return present(row!);
}
