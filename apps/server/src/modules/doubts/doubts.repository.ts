import { type DoubtListQuery, PAGE_SIZE, type Role, type UiLanguage } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Page } from '../../lib/pagination.js';
import { executePrepared } from '../../lib/prepared.js';
import { TEACHER_ROLES } from './doubts.policy.js';

/** Who reads: what decides which doubts they see and how authors are shown to them. */
export interface Reader {
  permission: Role;
  /** The student's or faculty member's record id; the user id of a moderator. */
  entityId: string;
  userId: string;
  /** The language the reader reads the portal in ('You' and 'Anonymous' are written in it). */
  language: UiLanguage;
}

/** A reply as the list query embeds it (json_agg), before the presenter picks what the reader sees. */
export interface ResponseJson {
  _id: string;
  response_text: string;
  doubt_id: string;
  author_user_id: string;
  author_role: Role;
  author_name: string;
  /** ISO 8601, as the answer writes it. */
  created_at: string;
}

export interface DoubtRow extends Record<string, unknown> {
  id: string;
  doubt_text: string;
  topic_id: string;
  topic_title: string;
  chapter_id: string;
  chapter_title: string;
  batch_subject_id: string;
  subject_id: string;
  subject_title: string;
  batch_title: string;
  student_id: string;
  student_name: string;
  /** ISO 8601, as the answer writes it: made once when read, not on every answer of a kept list. */
  created_at: string;
  updated_at: string;
  /** Teachers' and moderators' replies only: a student's follow-up is not a reply ('(n) replied'). */
  response_count: number;
  /** Every live reply, follow-ups included: lists carry only the first ones. */
  responses_total: number;
  answered: boolean;
  responses: ResponseJson[];
  /** Whether the reader may see this doubt (see `readableBy`). */
  readable: boolean;
}

const teacherRoles = sql.join(
  TEACHER_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/**
 * Which doubts a reader sees, over the aliases of `selectDoubts`: a student those of their
 * batch's batch subjects on visible topics of visible chapters, a faculty member those of the
 * batch subjects they teach, a moderator the institution's (decision 22).
 */
function readableBy(reader: Reader): SQL {
  switch (reader.permission) {
    case 'moderator':
      return sql`true`;
    case 'faculty':
      return sql`d.batch_subject_id in (select bsf.batch_subject_id from batch_subject_faculties bsf
        where bsf.faculty_id = ${reader.entityId})`;
    case 'student':
      return sql`(t.visibility and c.visibility
        and bs.batch_id = (select me.batch_id from students me where me.id = ${reader.entityId}))`;
    default:
      return sql`false`;
  }
}

/** A teacher (faculty or moderator) has replied to doubt `d`: the faculty home's Replied tab. */
const answeredSql = sql`exists (select 1 from doubt_responses a where a.doubt_id = d.id
  and a.deleted_at is null and a.author_role in (${teacherRoles}))`;

/**
 * The live doubts of the institution matching `where`: a doubt whose batch subject, batch,
 * subject, topic or chapter was deleted is gone.
 */
function liveDoubts(institutionId: string, where: SQL): SQL {
  return sql`
    from doubts d
    join batch_subjects bs on bs.id = d.batch_subject_id and bs.deleted_at is null
    join batches b on b.id = bs.batch_id and b.deleted_at is null
    join subjects s on s.id = bs.subject_id and s.deleted_at is null
    join topics t on t.id = d.topic_id and t.deleted_at is null
    join chapters c on c.id = t.chapter_id and c.deleted_at is null
    where d.institution_id = ${institutionId} and d.deleted_at is null and ${where}`;
}

/**
 * Doubts with everything a card shows, in ONE statement: first the page of doubts (filtered,
 * newest first, `limit` rows after the cursor's doubt, walking doubts_institution_created_idx or
 * the batch subject's, topic's or student's index), then for those rows only their titles,
 * reply count and first PAGE_SIZE.repliesInList live replies, oldest first, folded into a JSON
 * array by `json_agg` in a lateral subquery. Nothing is built for a doubt that is not on the page.
 */
function selectDoubts(institutionId: string, readable: SQL, where: SQL, page: Page | null): SQL {
  const after = page?.after
    ? sql`and (d.created_at, d.id) < (select p.created_at, p.id from doubts p
        where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
    : sql``;
  const limit = page ? sql`limit ${page.limit + 1}` : sql``;
  return sql`
    select d.id, d.doubt_text, d.topic_id, t.title as topic_title, c.id as chapter_id,
      c.title as chapter_title, d.batch_subject_id, s.id as subject_id, s.title as subject_title,
      b.title as batch_title, d.student_id, st.name as student_name, d.created_at, d.updated_at,
      r.response_count, r.responses_total, r.answered, r.responses, d.readable
    from (
      select d.id, d.doubt_text, d.topic_id, d.batch_subject_id, d.student_id, d.created_at,
        d.updated_at, ${readable} as readable
      ${liveDoubts(institutionId, where)} ${after}
      order by d.created_at desc, d.id desc
      ${limit}
    ) d
    join batch_subjects bs on bs.id = d.batch_subject_id
    join batches b on b.id = bs.batch_id
    join subjects s on s.id = bs.subject_id
    join topics t on t.id = d.topic_id
    join chapters c on c.id = t.chapter_id
    join students st on st.id = d.student_id
    cross join lateral (
      select (select count(*) filter (where dr.author_role in (${teacherRoles}))::int
          from doubt_responses dr where dr.doubt_id = d.id and dr.deleted_at is null) as response_count,
        (select count(*)::int from doubt_responses dr
          where dr.doubt_id = d.id and dr.deleted_at is null) as responses_total,
        ${answeredSql} as answered,
        coalesce((select json_agg(json_build_object(
          '_id', dr.id, 'response_text', dr.response_text, 'doubt_id', dr.doubt_id,
          'author_user_id', dr.author_user_id, 'author_role', dr.author_role,
          'author_name', dr.author_name, 'created_at', dr.created_at
        ) order by dr.created_at, dr.id) from (
          select * from doubt_responses dr where dr.doubt_id = d.id and dr.deleted_at is null
          order by dr.created_at, dr.id limit ${PAGE_SIZE.repliesInList}
        ) dr), '[]'::json) as responses
    ) r
    order by d.created_at desc, d.id desc`;
}

/** The rows of `selectDoubts` with their times as the answers write them. */
async function selectedDoubts(db: Database, query: SQL): Promise<DoubtRow[]> {
  const { rows } = await executePrepared<DoubtRow>(db, query);
  for (const row of rows) {
    row.created_at = isoTime(row.created_at);
    row.updated_at = isoTime(row.updated_at);
    for (const response of row.responses) response.created_at = isoTime(response.created_at);
  }
  return rows;
}

/** A time as a Date (a column) or as PostgreSQL's JSON writes it, in ISO 8601. */
const isoTime = (value: Date | string) => new Date(value).toISOString();

/** What narrows a list; every filter is optional. */
export interface DoubtFilter {
  ids?: string[];
  topicId?: string;
  batchSubjectId?: string;
  /** Only this student's own doubts. */
  studentId?: string;
  status?: DoubtListQuery['status'];
}

function filterConditions(filter: DoubtFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.ids) {
    conditions.push(
      sql`d.id in (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.topicId) conditions.push(sql`d.topic_id = ${filter.topicId}`);
  if (filter.batchSubjectId) conditions.push(sql`d.batch_subject_id = ${filter.batchSubjectId}`);
  if (filter.studentId) conditions.push(sql`d.student_id = ${filter.studentId}`);
  if (filter.status === 'new') conditions.push(sql`not ${answeredSql}`);
  if (filter.status === 'replied') conditions.push(answeredSql);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** One page of the doubts the reader may see that match `filter` (see `selectDoubts`). */
export async function listDoubts(
  db: Database,
  institutionId: string,
  reader: Reader,
  filter: DoubtFilter,
  page: Page,
): Promise<DoubtRow[]> {
  const where = sql`${readableBy(reader)} and ${filterConditions(filter)}`;
  return selectedDoubts(db, selectDoubts(institutionId, sql`true`, where, page));
}

/**
 * How many doubts the reader may see match `filter`: every live one is counted (tens of
 * milliseconds for a school's 50,000), so the service keeps the answer with the cached reads.
 */
export async function countDoubts(
  db: Database,
  institutionId: string,
  reader: Reader,
  filter: DoubtFilter,
): Promise<number> {
  const where = sql`${readableBy(reader)} and ${filterConditions(filter)}`;
  const { rows } = await executePrepared<{ total: number }>(
    db,
    sql`select count(*)::int as total ${liveDoubts(institutionId, where)}`,
  );
  return rows[0]?.total ?? 0;
}

/** How many doubts the reader may see per batch subject: filtered first, then counted, in one statement. */
export async function countDoubtsByBatchSubject(
  db: Database,
  institutionId: string,
  reader: Reader,
): Promise<{ batch_subject_id: string; total: number }[]> {
  const { rows } = await executePrepared<{ batch_subject_id: string; total: number }>(
    db,
    sql`select d.batch_subject_id, count(*)::int as total ${liveDoubts(institutionId, readableBy(reader))}
      group by d.batch_subject_id order by d.batch_subject_id`,
  );
  return rows;
}

/** The doubts of `ids` that the reader may see (at most MAX_DOUBT_IDS), newest first. */
export async function listDoubtsByIds(
  db: Database,
  institutionId: string,
  reader: Reader,
  ids: string[],
): Promise<DoubtRow[]> {
  const where = sql`${readableBy(reader)} and ${filterConditions({ ids })}`;
  return selectedDoubts(db, selectDoubts(institutionId, sql`true`, where, null));
}

/** One live doubt of the institution, with `readable` saying whether this reader may see it. */
export async function findDoubt(
  db: Database,
  institutionId: string,
  reader: Reader,
  doubtId: string,
): Promise<DoubtRow | undefined> {
  const rows = await selectedDoubts(
    db,
    selectDoubts(institutionId, readableBy(reader), sql`d.id = ${doubtId}`, null),
  );
  return rows[0];
}

export interface BatchSubjectRow extends Record<string, unknown> {
  id: string;
  batch_id: string;
  subject_id: string;
  teaches: boolean;
  studies: boolean;
}

/** A live batch subject (of a live batch and subject) of the institution, and how `entityId` is linked to it. */
export async function findBatchSubject(
  db: Database,
  institutionId: string,
  batchSubjectId: string,
  entityId: string,
): Promise<BatchSubjectRow | undefined> {
  const result = await executePrepared<BatchSubjectRow>(
    db,
    sql`
    select bs.id, bs.batch_id, bs.subject_id,
      exists (select 1 from batch_subject_faculties bsf
        where bsf.batch_subject_id = bs.id and bsf.faculty_id = ${entityId}) as teaches,
      exists (select 1 from students me
        where me.id = ${entityId} and me.batch_id = bs.batch_id) as studies
    from batch_subjects bs
    join batches b on b.id = bs.batch_id and b.deleted_at is null
    join subjects s on s.id = bs.subject_id and s.deleted_at is null
    where bs.id = ${batchSubjectId} and bs.institution_id = ${institutionId} and bs.deleted_at is null`,
  );
  return result.rows[0];
}

export interface TopicRow extends Record<string, unknown> {
  id: string;
  subject_id: string;
  /** The topic and its chapter are both visible to students. */
  visible: boolean;
}

/** A live topic of a live chapter and subject of the institution. */
export async function findTopic(
  db: Database,
  institutionId: string,
  topicId: string,
): Promise<TopicRow | undefined> {
  const result = await executePrepared<TopicRow>(
    db,
    sql`
    select t.id, c.subject_id, (t.visibility and c.visibility) as visible
    from topics t
    join chapters c on c.id = t.chapter_id and c.deleted_at is null
    join subjects s on s.id = c.subject_id and s.deleted_at is null
    where t.id = ${topicId} and t.institution_id = ${institutionId} and t.deleted_at is null`,
  );
  return result.rows[0];
}

export interface ResponseRow extends Record<string, unknown> {
  id: string;
  doubt_id: string;
  author_user_id: string;
}

/** A live reply of a live doubt of the institution. */
export async function findResponse(
  db: Database,
  institutionId: string,
  responseId: string,
): Promise<ResponseRow | undefined> {
  const result = await executePrepared<ResponseRow>(
    db,
    sql`
    select dr.id, dr.doubt_id, dr.author_user_id
    from doubt_responses dr
    join doubts d on d.id = dr.doubt_id and d.deleted_at is null
    where dr.id = ${responseId} and dr.institution_id = ${institutionId} and dr.deleted_at is null`,
  );
  return result.rows[0];
}

/** The name a reply is signed with: the student's or faculty member's, a moderator's username. */
export async function authorName(db: Database, userId: string): Promise<string> {
  const result = await executePrepared<{ name: string }>(
    db,
    sql`
    select coalesce(st.name, f.name, u.username) as name
    from users u
    left join students st on st.user_id = u.id
    left join faculties f on f.user_id = u.id
    where u.id = ${userId}`,
  );
  return result.rows[0]?.name ?? '';
}

/** One page of a doubt's live replies, oldest first, and on the first page how many there are. */
export async function listResponses(
  db: Database,
  institutionId: string,
  doubtId: string,
  page: Page,
): Promise<{ rows: ResponseJson[]; total: number | null }> {
  const after = page.after
    ? sql`and (dr.created_at, dr.id) > (select p.created_at, p.id from doubt_responses p
        where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
    : sql``;
  const live = sql`from doubt_responses dr
    where dr.doubt_id = ${doubtId} and dr.institution_id = ${institutionId} and dr.deleted_at is null`;
  const [result, total] = await Promise.all([
    executePrepared<ResponseJson>(
      db,
      sql`select dr.id as "_id", dr.response_text, dr.doubt_id, dr.author_user_id, dr.author_role,
        dr.author_name, dr.created_at ${live} ${after}
        order by dr.created_at, dr.id limit ${page.limit + 1}`,
    ),
    page.after ? null : executePrepared<{ total: number }>(db, sql`select count(*)::int as total ${live}`),
  ]);
  for (const row of result.rows) row.created_at = isoTime(row.created_at);
  return { rows: result.rows, total: total?.rows[0]?.total ?? null };
}
