import type { Role, UiLanguage } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { faculties, institutions, students, users } from '../../db/schema/index.js';
import { preparedStatement } from '../../lib/prepared.js';
import { cachedAccount } from './account-cache.js';

export interface AccountRow {
  userId: string;
  username: string;
  /** The student's or faculty member's name; the username for owners and moderators (they have no record). */
  name: string;
  permission: Role;
  institutionId: string | null;
  /** The student's or faculty member's record id; the user id for owners and moderators. */
  entityId: string;
  mustChangePassword: boolean;
  /** The language the person reads the portal in (decision 40). */
  language: UiLanguage;
  passwordHash: string;
  tokenVersion: number;
  /** Archived user, archived student/faculty record or archived institution. */
  inactive: boolean;
  institutionTitle: string | null;
  institutionNavLogo: string | null;
  academicYear: string | null;
  /** The institution's time zone as stored (null: `DEFAULT_TIME_ZONE`). */
  timeZone: string | null;
  recoveryEmail: string | null;
  demoVideos: Record<string, string | undefined>;
  /** The account's signed-out sign-ins (`sign-ins.ts`), whose tokens and file cookies are refused. */
  endedSignIns: string[];
}

// One query per request: the account with its institution, its student/faculty record and its
// ended sign-ins.
function selectAccounts(db: Database) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      name: sql<string>`coalesce(${students.name}, ${faculties.name}, ${users.username})`,
      permission: sql<Role>`${users.permission}`,
      institutionId: users.institutionId,
      entityId: sql<string>`coalesce(${students.id}, ${faculties.id}, ${users.id})`,
      mustChangePassword: users.mustChangePassword,
      language: sql<UiLanguage>`${users.language}`,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      inactive: sql<boolean>`(${users.archivedAt} is not null
        or ${students.archivedAt} is not null
        or ${faculties.archivedAt} is not null
        or coalesce(${institutions.visibility}, true) = false)`,
      institutionTitle: institutions.title,
      institutionNavLogo: institutions.navLogo,
      academicYear: institutions.academicYear,
      timeZone: institutions.timeZone,
      recoveryEmail: sql<
        string | null
      >`coalesce(${students.email}[1], ${faculties.email}[1], ${users.email})`,
      demoVideos: sql<Record<string, string | undefined>>`coalesce(${institutions.demoVideos}, '{}'::jsonb)`,
      endedSignIns: sql<
        string[]
      >`array(select e.sign_in from ended_sign_ins e where e.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(faculties, eq(faculties.userId, users.id));
}

// Every authenticated request runs this lookup; as a named prepared statement PostgreSQL plans
// it once per connection instead of on each request (planning costs more than running it).
export async function loadAccountById(db: Database, userId: string): Promise<AccountRow | undefined> {
  const query = preparedStatement(db, 'account_by_id', (name) =>
    selectAccounts(db)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ userId });
  return row;
}

export async function loadAccountByUsername(db: Database, username: string): Promise<AccountRow | undefined> {
  const [row] = await selectAccounts(db).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guard's lookup: through the short-lived account cache. */
export async function loadAuthUser(db: Database, userId: string) {
  if (!UUID.test(userId)) return undefined;
  return cachedAccount(db, userId, () => loadAccountById(db, userId));
}
