import {
  type CreateFacultyBody,
  type Faculty,
  type FacultyBatchSubject,
  type FacultyDetail,
  formatMessage,
  type IssuedCredential,
  MESSAGES,
  PAGE_SIZE,
  type PageInfo,
  type PageQuery,
  type UpdateFacultyBody,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { faculties, users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  createLogins,
  presentCredential,
  renewCredential,
  resetCredentials,
  setUsersArchived,
  takenUsernames,
  usernameFor,
} from '../accounts/accounts.service.js';
import { readOwnUpload } from '../uploads/uploads.service.js';
import { markTakenUsernames, readFacultyCsv, rowErrorFields } from './faculties.import.js';
import { type FacultyRow, presentFaculty, presentFacultyDetail } from './faculties.presenter.js';

/** The database or a transaction of it. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export interface FacultySummary {
  _id: string;
  name: string;
  designation: string | null;
}

/** The institution's active (not archived) faculty members, by name. */
export async function listActiveFaculties(deps: AppDeps, institutionId: string): Promise<FacultySummary[]> {
  return deps.db
    .select({ _id: faculties.id, name: faculties.name, designation: faculties.designation })
    .from(faculties)
    .where(and(eq(faculties.institutionId, institutionId), isNull(faculties.archivedAt)))
    .orderBy(asc(faculties.name), asc(faculties.id));
}

/** One active faculty member of the institution, or undefined (archived and foreign ones too). */
export async function findActiveFaculty(
  deps: AppDeps,
  institutionId: string,
  facultyId: string,
): Promise<FacultySummary | undefined> {
  const [row] = await deps.db
    .select({ _id: faculties.id, name: faculties.name, designation: faculties.designation })
    .from(faculties)
    .where(
      and(
        eq(faculties.id, facultyId),
        eq(faculties.institutionId, institutionId),
        isNull(faculties.archivedAt),
      ),
    );
  return row;
}

const facultyColumns = {
  id: faculties.id,
  userId: faculties.userId,
  username: users.username,
  name: faculties.name,
  gender: faculties.gender,
  email: faculties.email,
  mobile: faculties.mobile,
  prn: faculties.prn,
  designation: faculties.designation,
  avatar: faculties.avatar,
  createdAt: faculties.createdAt,
  archivedAt: faculties.archivedAt,
};

/** Faculty records with their usernames; the caller adds the filter. */
function selectFaculties(db: Executor) {
  return db.select(facultyColumns).from(faculties).innerJoin(users, eq(users.id, faculties.userId));
}

/** A faculty member of the institution (archived included), or 404. */
async function findFaculty(db: Executor, institutionId: string, id: string): Promise<FacultyRow> {
  const [row] = await selectFaculties(db).where(
    and(eq(faculties.id, id), eq(faculties.institutionId, institutionId)),
  );
  if (!row) throw notFound();
  return row;
}

/** All of these faculty members, or 404 when any is missing or another institution's. */
async function findFaculties(db: Executor, institutionId: string, ids: string[]): Promise<FacultyRow[]> {
  const rows = await selectFaculties(db)
    .where(and(inArray(faculties.id, ids), eq(faculties.institutionId, institutionId)))
    .orderBy(asc(faculties.name), asc(faculties.id));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** Every faculty member of the institution, archived ones included, newest first (one query). */
export async function listFaculties(deps: AppDeps, institutionId: string): Promise<Faculty[]> {
  const rows = await selectFaculties(deps.db)
    .where(eq(faculties.institutionId, institutionId))
    .orderBy(desc(faculties.createdAt), asc(faculties.name), asc(faculties.id));
  return rows.map(presentFaculty);
}

/** A page of the institution's faculty, archived ones included, newest first; the first page counts them. */
export async function pageFaculties(
  deps: AppDeps,
  institutionId: string,
  query: PageQuery,
): Promise<{ faculties: Faculty[]; page: PageInfo }> {
  const page = readPage(query, PAGE_SIZE.default);
  // Newest first, then by name and id: (created_at desc) then (name, id) ascending.
  const after = page.after
    ? sql`(${faculties.createdAt} < c.created_at or (${faculties.createdAt} = c.created_at
        and (${faculties.name}, ${faculties.id}) > (c.name, c.id)))`
    : undefined;
  const [rows, counted] = await Promise.all([
    selectFaculties(deps.db)
      .where(
        and(
          eq(faculties.institutionId, institutionId),
          after &&
            sql`exists (select 1 from faculties c where c.id = ${page.after![0]}
              and c.institution_id = ${institutionId} and ${after})`,
        ),
      )
      .orderBy(desc(faculties.createdAt), asc(faculties.name), asc(faculties.id))
      .limit(page.limit + 1),
    page.after
      ? null
      : deps.db
          .select({ total: sql<number>`count(*)::int` })
          .from(faculties)
          .where(eq(faculties.institutionId, institutionId)),
  ]);
  const { rows: kept, page: info } = pageOf(rows, page, (row) => [row.id], counted?.[0]?.total ?? null);
  return { faculties: kept.map(presentFaculty), page: info };
}

/** One faculty member with the live batch subjects they are assigned to, in one query. */
export async function getFaculty(deps: AppDeps, institutionId: string, id: string): Promise<FacultyDetail> {
  const [row] = await deps.db
    .select({
      ...facultyColumns,
      batchSubjects: sql<FacultyBatchSubject[]>`coalesce((
        select json_agg(json_build_object(
            '_id', bs.id, 'batch_id', b.id, 'batch_title', b.title, 'subject_title', s.title)
          order by bs.id)
        from batch_subject_faculties bsf
        join batch_subjects bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
        join batches b on b.id = bs.batch_id and b.deleted_at is null
        join subjects s on s.id = bs.subject_id and s.deleted_at is null
        where bsf.faculty_id = ${faculties.id}), '[]'::json)`,
    })
    .from(faculties)
    .innerJoin(users, eq(users.id, faculties.userId))
    .where(and(eq(faculties.id, id), eq(faculties.institutionId, institutionId)));
  if (!row) throw notFound();
  return presentFacultyDetail(row, row.batchSubjects);
}

/** An avatar must be a file stored through the portal (no outside images are shown). */
function checkAvatar(deps: AppDeps, avatar: string | null | undefined) {
  if (avatar && !deps.storage.keyOf(avatar)) {
    throw badRequest(MESSAGES.avatarNotOwnFile, { avatar: MESSAGES.avatarNotOwnFile });
  }
}

function facultyValues(
  deps: AppDeps,
  institutionId: string,
  userId: string,
  body: CreateFacultyBody,
): typeof faculties.$inferInsert {
  return {
    institutionId,
    userId,
    name: body.name,
    gender: body.gender,
    email: body.email,
    mobile: body.mobile,
    prn: body.prn || null,
    designation: body.designation || null,
    avatar: body.avatar || null,
    createdAt: deps.clock.now(),
  };
}

/** Creates the login (generated password, decision 4) and the faculty record, in one transaction. */
export async function createFaculty(
  deps: AppDeps,
  institutionId: string,
  body: CreateFacultyBody,
): Promise<{ faculty: Faculty; credential: IssuedCredential }> {
  checkAvatar(deps, body.avatar);
  const username = usernameFor(body);
  const { facultyId, login } = await deps.db.transaction(async (tx) => {
    const [login] = await createLogins(tx, institutionId, 'faculty', [username]);
    const [row] = await tx
      .insert(faculties)
      .values(facultyValues(deps, institutionId, login!.userId, body))
      .returning({ id: faculties.id });
    return { facultyId: row!.id, login: login! };
  });
  const faculty = presentFaculty(await findFaculty(deps.db, institutionId, facultyId));
  return { faculty, credential: presentCredential({ id: faculty._id, name: faculty.name }, login) };
}

/** Edit Faculty: absent fields stay as they are; an empty text clears an optional one. */
export async function updateFaculty(
  deps: AppDeps,
  institutionId: string,
  id: string,
  body: UpdateFacultyBody,
): Promise<Faculty> {
  await findFaculty(deps.db, institutionId, id);
  checkAvatar(deps, body.avatar);
  const changes: Partial<typeof faculties.$inferInsert> = {
    name: body.name,
    gender: body.gender,
    email: body.email,
    mobile: body.mobile,
    prn: body.prn,
    designation: body.designation,
    avatar: body.avatar,
  };
  const set = Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, value === '' ? null : value]),
  );
  if (Object.keys(set).length > 0) {
    await deps.db
      .update(faculties)
      .set({ ...set, updatedAt: deps.clock.now() })
      .where(and(eq(faculties.id, id), eq(faculties.institutionId, institutionId)));
  }
  return presentFaculty(await findFaculty(deps.db, institutionId, id));
}

/** Archives the member: their sign-in and every token stop at once (decision 5). */
export async function archiveFaculty(deps: AppDeps, institutionId: string, id: string): Promise<void> {
  const row = await findFaculty(deps.db, institutionId, id);
  const now = deps.clock.now();
  await setUsersArchived(deps.db, [row.userId], now, {
    // An unconditional UPDATE locks the row, so an unarchive of the same member waits for it.
    writeProfiles: (tx) =>
      tx
        .update(faculties)
        .set({ archivedAt: sql`coalesce(${faculties.archivedAt}, ${now})`, updatedAt: now })
        .where(eq(faculties.id, id)),
  });
}

export async function unarchiveFaculty(deps: AppDeps, institutionId: string, id: string): Promise<Faculty> {
  const row = await findFaculty(deps.db, institutionId, id);
  const restored = await setUsersArchived(deps.db, [row.userId], null, {
    writeProfiles: (tx) =>
      tx.update(faculties).set({ archivedAt: null, updatedAt: deps.clock.now() }).where(eq(faculties.id, id)),
    answer: (tx) => findFaculty(tx, institutionId, id),
  });
  return presentFaculty(restored!);
}

/** New generated passwords (changed at the next sign-in); earlier tokens stop working. */
export async function resetFacultyPasswords(
  deps: AppDeps,
  institutionId: string,
  ids: string[],
): Promise<IssuedCredential[]> {
  return resetCredentials(deps.db, await findFaculties(deps.db, institutionId, ids));
}

/** PUT /api/faculties/new-user: a new username (typed, else decision 4's default) and password. */
export async function renewFacultyLogin(
  deps: AppDeps,
  institutionId: string,
  id: string,
  typed: string | undefined,
): Promise<IssuedCredential> {
  return renewCredential(deps.db, await findFaculty(deps.db, institutionId, id), typed);
}

/** The institution's faculty list as a PDF (template `facultyList`), in the list's order. */
export async function facultyListPdf(deps: AppDeps, user: AuthUser): Promise<Buffer> {
  const list = await listFaculties(deps, user.institutionId!);
  return renderPdfTemplate('facultyList', {
    institution: user.institutionTitle ?? '',
    academicYear: user.academicYear ?? '',
    faculty: list.map((member) => ({
      name: member.name,
      designation: member.designation ?? '',
      email: member.email.join(', '),
      mobile: member.mobile.join(', '),
      username: member.username,
      archived: member.archived,
    })),
  });
}

// Keeps each statement well under PostgreSQL's 65,535 parameters.
const INSERT_CHUNK = 1000;

/**
 * POST /api/faculties/csv: the whole file is checked first (every row against the Add Faculty
 * rules, usernames inside the file and against existing accounts in one query); any bad row rejects
 * the file with every row's reasons and nothing written. A good file creates every login and
 * faculty record in one transaction.
 */
export async function importFaculties(
  deps: AppDeps,
  institutionId: string,
  contentUrl: string,
): Promise<{ created: number; credentials: IssuedCredential[] }> {
  const read = readFacultyCsv(await readOwnUpload(deps, institutionId, contentUrl));
  markTakenUsernames(
    read,
    await takenUsernames(
      deps.db,
      read.rows.map((row) => row.username),
    ),
  );
  if (read.errors.size > 0) {
    const message = formatMessage(MESSAGES.csvRowsRejected, {
      count: String(read.errors.size),
      total: String(read.total),
    });
    throw badRequest(message, rowErrorFields(read.errors));
  }

  const ids = await deps.db.transaction(async (tx) => {
    const logins = await createLogins(
      tx,
      institutionId,
      'faculty',
      read.rows.map((row) => row.username),
    );
    const inserted: string[] = [];
    for (let start = 0; start < read.rows.length; start += INSERT_CHUNK) {
      const chunk = read.rows.slice(start, start + INSERT_CHUNK);
      const rows = await tx
        .insert(faculties)
        .values(
          chunk.map((row, index) =>
            facultyValues(deps, institutionId, logins[start + index]!.userId, row.body),
          ),
        )
        .returning({ id: faculties.id });
      inserted.push(...rows.map((row) => row.id));
    }
    return { inserted, logins };
  });
  return {
    created: ids.inserted.length,
    credentials: read.rows.map((row, index) =>
      presentCredential({ id: ids.inserted[index]!, name: row.body.name }, ids.logins[index]!),
    ),
  };
}
