import type { LiveEventKind, LiveEventRefs } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { EventAudience } from '../../db/schema/index.js';
import { EVENTS_CHANNEL } from '../../lib/instance-bus.js';
import type { Listener } from './events.policy.js';

export interface EventRow extends Record<string, unknown> {
  id: number;
  institution_id: string;
  kind: LiveEventKind;
  audience: EventAudience;
  payload: LiveEventRefs;
  /** As the driver hands raw statements' timestamps: text. */
  created_at: string;
}

export interface NewEvent {
  institutionId: string;
  kind: LiveEventKind;
  audience: EventAudience;
  refs: LiveEventRefs;
}

/**
 * Writes the event and NOTIFYs its id and institution in one statement: inside the change's
 * transaction, PostgreSQL delivers the notification only if (and when) it commits.
 */
export async function insertEvent(
  executor: Database | Transaction,
  event: NewEvent,
  now: Date,
): Promise<void> {
  await executor.execute(sql`
    with added as (
      insert into events (institution_id, kind, audience, payload, created_at)
      values (${event.institutionId}, ${event.kind}, ${JSON.stringify(event.audience)}::jsonb,
        ${JSON.stringify(event.refs)}::jsonb, ${now})
      returning id, institution_id)
    select pg_notify(${EVENTS_CHANNEL}, added.id || ':' || added.institution_id) from added`);
}

const columns = sql`id::float8 as id, institution_id, kind, audience, payload, created_at`;

export async function eventsByIds(db: Database, ids: number[]): Promise<EventRow[]> {
  const result = await db.execute<EventRow>(
    sql`select ${columns} from events where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
  );
  return result.rows;
}

/** The institution's events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(
  db: Database,
  institutionId: string,
  afterId: number,
  limit: number,
): Promise<EventRow[]> {
  const result = await db.execute<EventRow>(
    sql`select ${columns} from events where institution_id = ${institutionId} and id > ${afterId}
      order by id limit ${limit}`,
  );
  return result.rows;
}

/** The newest event id of all (0 when none): where a stream without `Last-Event-ID` starts. */
export async function latestEventId(db: Database): Promise<number> {
  const result = await db.execute<{ id: number | null }>(sql`select max(id)::float8 as id from events`);
  return result.rows[0]?.id ?? 0;
}

/**
 * The oldest kept event id of all institutions, or null. Ids are shared by all institutions, so a
 * gap before it may hold pruned events of anyone.
 */
export async function oldestEventIdOfAll(db: Database): Promise<number | null> {
  const result = await db.execute<{ id: number | null }>(sql`select min(id)::float8 as id from events`);
  return result.rows[0]?.id ?? null;
}

export async function pruneEvents(db: Database, before: Date): Promise<void> {
  await db.execute(sql`delete from events where created_at < ${before}`);
}

/** What a stream's user belongs to: their batches and batch subjects (a student's or a teacher's). */
export async function loadListener(
  db: Database,
  user: { userId: string; permission: Listener['role']; institutionId: string; entityId: string },
): Promise<Listener> {
  const batchIds = new Set<string>();
  const batchSubjectIds = new Set<string>();
  let rows: { batch_id: string | null; batch_subject_id: string | null }[] = [];
  if (user.permission === 'student') {
    const result = await db.execute<{ batch_id: string | null; batch_subject_id: string | null }>(sql`
      select st.batch_id, bss.batch_subject_id
      from students st
      left join batch_subject_students bss on bss.student_id = st.id
      where st.id = ${user.entityId}`);
    rows = result.rows;
  } else if (user.permission === 'faculty') {
    const result = await db.execute<{ batch_id: string | null; batch_subject_id: string | null }>(sql`
      select bs.batch_id, bs.id as batch_subject_id
      from batch_subject_faculties bsf
      join batch_subjects bs on bs.id = bsf.batch_subject_id and bs.deleted_at is null
      where bsf.faculty_id = ${user.entityId}`);
    rows = result.rows;
  }
  for (const row of rows) {
    if (row.batch_id) batchIds.add(row.batch_id);
    if (row.batch_subject_id) batchSubjectIds.add(row.batch_subject_id);
  }
  return {
    userId: user.userId,
    entityId: user.entityId,
    role: user.permission,
    institutionId: user.institutionId,
    batchIds,
    batchSubjectIds,
  };
}
