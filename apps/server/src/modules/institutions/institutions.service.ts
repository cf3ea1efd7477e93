import type {
  CreateInstitutionBody,
  CreateModeratorBody,
  Institution,
  Language,
  PortalUser,
  UpdateInstitutionBody,
} from '@portal/shared';
import { DEFAULT_LANGUAGE, MESSAGES } from '@portal/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { institutions, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { forgetAllAccounts } from '../auth/account-cache.js';
import { claimLogo, forgetStoredFile } from '../uploads/stored-files.js';
import { attachOwnerUpload } from './institution-files.js';

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
    default_language: row.defaultLanguage as Language,
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

export const visible = (id: string) => and(eq(institutions.id, id), eq(institutions.visibility, true));

/**
 * Visible institutions, oldest first; archived ones are hidden (management §4). With `archived`,
 * only the archived ones, the last archived first, for the owner to restore.
 */
export async function listInstitutions(deps: AppDeps, archived = false): Promise<Institution[]> {
  const rows = await deps.db
    .select()
    .from(institutions)
    .where(eq(institutions.visibility, !archived))
    .orderBy(
      ...(archived
        ? [desc(institutions.updatedAt), asc(institutions.id)]
        : [asc(institutions.createdAt), asc(institutions.id)]),
    );
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
        defaultLanguage: body.default_language ?? DEFAULT_LANGUAGE,
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

/**
 * An archived institution is as gone as an unknown one. A new logo is handed to the institution as
 * the create flow does, so its users can see it in their header.
 */
export async function updateInstitution(
  deps: AppDeps,
  id: string,
  body: UpdateInstitutionBody,
): Promise<Institution> {
  let claimedKey: string | null = null;
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(visible(id))
      .for('update');
    if (!current) throw notFound();
    if (body.nav_logo !== undefined) {
      claimedKey = await attachOwnerUpload(tx, deps, {
        url: body.nav_logo,
        institutionId: id,
        use: 'logo',
        field: 'nav_logo',
      });
    }
    const [updated] = await tx
      .update(institutions)
      .set({
        title: body.title,
        academicYear: body.academic_year,
        // Left out: unchanged; sent empty: cleared.
        ...(body.sealtabs_institution_id === undefined
          ? {}
          : { sealtabsInstitutionId: body.sealtabs_institution_id || null }),
        ...(body.nav_logo === undefined ? {} : { navLogo: body.nav_logo }),
        ...(body.default_language === undefined ? {} : { defaultLanguage: body.default_language }),
        updatedAt: deps.clock.now(),
      })
      .where(eq(institutions.id, id))
      .returning();
    return updated!;
  });
  if (claimedKey) forgetStoredFile(deps.db, claimedKey);
  // Signed-in users carry the logo and title in their cached account: show the new ones at once.
  forgetAllAccounts(deps.db);
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

/**
 * PATCH /api/institutions/{id}/visibility: true restores an archived institution (listed again,
 * its accounts sign in again), false archives it. Setting the state it already has changes nothing.
 */
export async function setInstitutionVisibility(
  deps: AppDeps,
  id: string,
  visibility: boolean,
): Promise<Institution> {
  const [changed] = await deps.db
    .update(institutions)
    .set({ visibility, updatedAt: deps.clock.now() })
    .where(and(eq(institutions.id, id), eq(institutions.visibility, !visibility)))
    .returning();
  if (changed) {
    forgetAllAccounts(deps.db);
    return present(changed);
  }
  const [unchanged] = await deps.db.select().from(institutions).where(eq(institutions.id, id));
  if (!unchanged) throw notFound();
  return present(unchanged);
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
        .select({ id: institutions.id, defaultLanguage: institutions.defaultLanguage })
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
          language: institution.defaultLanguage,
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
