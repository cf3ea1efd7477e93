import type {
  CreateInstitutionBody,
  CreateModeratorBody,
  Institution,
  PortalUser,
  UpdateInstitutionBody,
} from '@portal/shared';
import { MESSAGES } from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { institutions, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { forgetAllAccounts } from '../auth/account-cache.js';
import { claimLogo, forgetStoredFile } from '../uploads/stored-files.js';

type InstitutionRow = typeof institutions.$inferSelect;
type UserRow = typeof users.$inferSelect;

function present(row: InstitutionRow): Institution {
  return {
    _id: row.id,
    title: row.title,
    nav_logo: row.navLogo,
    academic_year: row.academicYear,
    sealtabs_institution_id: row.sealtabsInstitutionId,
    time_zone: row.timeZone,
    visibility: row.visibility,
  };
}

function presentUser(row: UserRow): PortalUser {
  return {
    _id: row.id,
    username: row.username,
    permission: row.permission,
    institution_id: row.institutionId,
  };
}

const visible = (id: string) => and(eq(institutions.id, id), eq(institutions.visibility, true));

/** Visible institutions, oldest first; archived ones are hidden (management §4). */
export async function listInstitutions(deps: AppDeps): Promise<Institution[]> {
  const rows = await deps.db
    .select()
    .from(institutions)
    .where(eq(institutions.visibility, true))
    .orderBy(asc(institutions.createdAt), asc(institutions.id));
  return rows.map(present);
}

/** A new institution; an uploaded logo becomes the institution's file, so its users can see it. */
export async function createInstitution(deps: AppDeps, body: CreateInstitutionBody): Promise<Institution> {
  const now = deps.clock.now();
  const logoKey = deps.storage.keyOf(body.nav_logo);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(institutions)
      .values({
        title: body.title,
        navLogo: body.nav_logo,
        academicYear: body.academic_year,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (logoKey) await claimLogo(tx, logoKey, created!.id);
    return created!;
  });
  if (logoKey) forgetStoredFile(deps.db, logoKey);
  return present(row);
}

/** An archived institution is as gone as an unknown one. */
export async function updateInstitution(
  deps: AppDeps,
  id: string,
  body: UpdateInstitutionBody,
): Promise<Institution> {
  const [row] = await deps.db
    .update(institutions)
    .set({
      title: body.title,
      academicYear: body.academic_year,
      // Left out: unchanged; sent empty: cleared.
      ...(body.sealtabs_institution_id === undefined
        ? {}
        : { sealtabsInstitutionId: body.sealtabs_institution_id || null }),
      updatedAt: deps.clock.now(),
    })
    .where(visible(id))
    .returning();
  if (!row) throw notFound();
  return present(row);
}

/**
 * Archive hides the institution and, through the account guard's visibility check, stops every
 * account of it at once: their tokens are refused and they cannot sign in (decision 5).
 */
export async function archiveInstitution(deps: AppDeps, id: string): Promise<void> {
  const [row] = await deps.db
    .update(institutions)
    .set({ visibility: false, updatedAt: deps.clock.now() })
    .where(visible(id))
    .returning({ id: institutions.id });
  if (!row) throw notFound();
  // The guard keeps accounts for a moment; drop them so the archive applies to the next request.
  forgetAllAccounts(deps.db);
}

const USERNAME_KEY = 'users_username_lower_key';

/** A unique violation of the case-insensitive username index, as node-postgres reports it (maybe wrapped). */
function isUsernameTaken(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const pgError = cause as { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505' && pgError.constraint === USERNAME_KEY) return true;
  }
  return false;
}

/** POST /api/cwx/users: a moderator login of a visible institution. */
export async function createModerator(deps: AppDeps, body: CreateModeratorBody): Promise<PortalUser> {
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      // Shared lock: an archive running at the same time waits, so no login lands in an archived institution.
      const [institution] = await tx
        .select({ id: institutions.id })
        .from(institutions)
        .where(visible(body.institution_id))
        .for('share');
      if (!institution) throw notFound();
      const now = deps.clock.now();
      const [row] = await tx
        .insert(users)
        .values({
          username: body.username,
          passwordHash,
          permission: 'moderator',
          institutionId: institution.id,
          email: body.email ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return presentUser(row!);
    });
  } catch (error) {
    if (isUsernameTaken(error)) {
      throw new AppError(409, 'CONFLICT', MESSAGES.usernameExists, { username: MESSAGES.usernameExists });
    }
    throw error;
  }
}
