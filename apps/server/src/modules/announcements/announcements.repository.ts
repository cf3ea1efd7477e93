import type { Role } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { Page } from '../../lib/pagination.js';
import { executePrepared } from '../../lib/prepared.js';

/** Who reads: their role and record decide which announcements are theirs. */
export interface Reader {
  permission: Role;
  /** The student's or faculty member's record id. */
  entityId: string;
}

export interface AnnouncementRow extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  batch_ids: string[];
  batches: { _id: string; title: string }[];
  author_name: string;
  created_at: Date;
  updated_at: Date;
}

/** The batches a reader belongs to, as an SQL array: a student's own, a teacher's batch subjects'. */
export function readerBatches(reader: Reader): SQL {
  if (reader.permission === 'student') {
    return sql`array(select st.batch_id from students st where st.id = ${reader.entityId} and st.batch_id is not null)`;
  }
  return sql`array(select bs.batch_id from batch_subject_faculties bsf
    join batch_subjects bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
    where bsf.faculty_id = ${reader.entityId})`;
}

/** Which of the institution's announcements (alias `a`) a reader sees. */
export function addressedTo(reader: Reader): SQL {
  if (reader.permission === 'moderator') return sql`true`;
  if (reader.permission !== 'student' && reader.permission !== 'faculty') return sql`false`;
  return sql`(cardinality(a.batch_ids) = 0 or a.batch_ids && ${readerBatches(reader)})`;
}

/** Batch titles are the moderator's to see; others see an announcement without the audience's names. */
const batchesOf = (reader: Reader) =>
  reader.permission === 'moderator'
    ? sql`(select coalesce(json_agg(json_build_object('_id', b.id, 'title', b.title) order by b.title), '[]'::json)
        from batches b where b.id = any(a.batch_ids))`
    : sql`'[]'::json`;

const selectFor = (reader: Reader) => sql`
  select a.id, a.title, a.description, a.batch_ids, ${batchesOf(reader)} as batches, a.author_name,
    a.created_at, a.updated_at
  from announcements a`;

/** One page, latest update first (the id breaking ties); `page.after` names the row before. */
export async function listAnnouncements(
  db: Database,
  institutionId: string,
  reader: Reader,
  page: Page,
): Promise<AnnouncementRow[]> {
  const after = page.after
    ? sql`and (a.updated_at, a.id) < (select p.updated_at, p.id from announcements p
        where p.id = ${page.after[0]} and p.institution_id = ${institutionId})`
    : sql``;
  const result = await executePrepared<AnnouncementRow>(
    db,
    sql`${selectFor(reader)} where a.institution_id = ${institutionId} and ${addressedTo(reader)} ${after}
      order by a.updated_at desc, a.id desc limit ${page.limit + 1}`,
  );
  return result.rows;
}

export async function countAnnouncements(
  db: Database,
  institutionId: string,
  reader: Reader,
): Promise<number> {
  const result = await executePrepared<{ total: number }>(
    db,
    sql`select count(*)::int as total from announcements a
      where a.institution_id = ${institutionId} and ${addressedTo(reader)}`,
  );
  return result.rows[0]?.total ?? 0;
}

export async function findAnnouncement(
  executor: Database | Transaction,
  institutionId: string,
  announcementId: string,
  reader: Reader,
): Promise<AnnouncementRow | undefined> {
  const result = await executor.execute<AnnouncementRow>(
    sql`${selectFor(reader)} where a.id = ${announcementId} and a.institution_id = ${institutionId}`,
  );
  return result.rows[0];
}

/** How many of these ids are live batches of the institution. */
export async function countLiveBatches(
  executor: Database | Transaction,
  institutionId: string,
  batchIds: string[],
): Promise<number> {
  if (batchIds.length === 0) return 0;
  const result = await executor.execute<{ found: number }>(
    sql`select count(*)::int as found from batches
      where institution_id = ${institutionId} and deleted_at is null and id = any(${toUuidArray(batchIds)})`,
  );
  return result.rows[0]?.found ?? 0;
}

export const toUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
