import { teacherOf } from './scale-curriculum.js';
import { openedAt } from './scale-people.js';
import { id, literal, pick, type ScaleContext } from './scale-sql.js';
import { personName, SESSION_THEMES, SUBJECT_KINDS } from './scale-texts.js';

// Live sessions of the batch subjects (decision 35: 500 with attendance), each held by one of the
// batch subject's two teachers, as the online-sessions module writes them: the session, a custom
// session's selected students, and for every invited student who came, the room's heartbeats
// summed up (one attendance row, and one `online` time-spent row of that day).
//
// Numbering: session n. The past ones (n < P) spread over the activity days; then one per batch
// on the seed's day (the last study-plan day, the day the bench's Attendance For Live Class report
// reads), from 08:00 to 15:30; then two per batch over the next seven days (the Upcoming tabs and
// the bell). Every tenth is a custom session for a fifth of its batch. Invited student j of the
// batch is student b * studentsPerBatch + j.

const LIVE_MINUTES = 45;
const CUSTOM_MINUTES = 30;
/** Half-hour start slots of a school day, 08:00 to 15:30. */
const SLOTS = 16;

/** A custom session's selection: the batch's students j with (j + n) % every = 0. */
const selectedEvery = (context: ScaleContext) => Math.min(5, context.size.studentsPerBatch);

/**
 * Every session as a temporary view (n, v = batch subject, b = batch, f = author, day, start and
 * end), so the rows of every table below are made from one definition.
 */
async function defineSessions(context: ScaleContext): Promise<void> {
  const { size, shape } = context;
  const { subjectsPerBatch: S, batches: B, faculty: F } = size;
  const P = shape.pastSessions;
  const today = shape.sessionsToday;
  const zone = literal(context.timeZone);
  await context.client.query(`
    create temp view scale_sessions as
    select n, v, v / ${S} as b, f, is_custom, day, start_at,
      start_at + case when is_custom then ${CUSTOM_MINUTES} else ${LIVE_MINUTES} end * interval '1 minute' as end_at
    from generate_series(0, ${size.sessions - 1}) n,
      lateral (select
        case when n < ${P} then (n * 37) % ${shape.batchSubjects}
          when n < ${P + today} then (n - ${P}) * ${S} + (n - ${P}) % ${S}
          else ((n - ${P + today}) % ${B}) * ${S} + ((n - ${P + today}) * 3 + 1) % ${S} end as v,
        case when n < ${P} then ${literal(context.openedOn)}::date + 1 + n * ${context.activityDays - 1} / ${P}
          when n < ${P + today} then ${literal(context.today)}::date
          else ${literal(context.today)}::date + 1 + (n - ${P + today}) % 7 end as day,
        case when n < ${P} then (n * 5) % ${SLOTS}
          when n < ${P + today} then ((n - ${P}) * 7) % ${SLOTS}
          else ((n - ${P + today}) * 3) % ${SLOTS} end as slot,
        n % 10 = 9 as is_custom) x,
      lateral (select case when n % 2 = 0 then ${teacherOf(context, 'v')} else (v + ${Math.floor(F / 2)}) % ${F} end as f,
        (day + time '08:00') at time zone ${zone} + slot * interval '30 minutes' as start_at) y`);
  // The invited students of each session: a custom session's selection, else the whole batch.
  const every = selectedEvery(context);
  await context.client.query(`
    create temp view scale_invitations as
    select n, v, is_custom, day, start_at, end_at, j, b * ${size.studentsPerBatch} + j as s
    from scale_sessions, generate_series(0, ${size.studentsPerBatch - 1}) j
    where not is_custom or (j + n) % ${every} = 0`);
}

const kindTitle = (v: string, S: number) =>
  pick(
    SUBJECT_KINDS.map((kind) => kind.title),
    `${v} % ${S}`,
  );

/** Made by its teacher up to three days before it starts (never before the school opened, nor after now). */
const createdAt = (context: ScaleContext, now = '$2::timestamptz') =>
  `greatest(${openedAt(context, 16)}, least(start_at - interval '3 days', ${now} - (1 + n % 12) * interval '1 hour'))`;

export async function seedSessions(context: ScaleContext): Promise<void> {
  const { client, size } = context;
  await defineSessions(context);
  const S = size.subjectsPerBatch;
  const title = `case when is_custom then ${kindTitle('v', S)} || ': extra help'
    else ${kindTitle('v', S)} || ': ' || ${pick(SESSION_THEMES, 'n')} end`;
  // The teacher's presence is their last heartbeat: until the end, or now for one still running.
  await client.query(
    `insert into online_sessions (id, institution_id, batch_id, batch_subject_id, title, start_time, end_time,
       author_id, author_name, author_seen_at, is_custom, created_at, updated_at)
     select ${id('session', 'n')}, $1::uuid, ${id('batch', 'b')}, ${id('batch-subject', 'v')}, ${title},
       start_at, end_at, ${id('faculty', 'f')}, ${personName('f + 1')},
       case when start_at <= $2::timestamptz then least(end_at, $2::timestamptz) end, is_custom,
       ${createdAt(context)}, ${createdAt(context)}
     from scale_sessions`,
    [context.institutionId, context.now],
  );
  await client.query(
    `insert into online_session_students (session_id, student_id)
     select ${id('session', 'n')}, ${id('student', 's')}
     from scale_invitations where is_custom`,
  );
  await seedAttendance(context);
}

/**
 * Seven in eight invited students came to each session that has begun: joined between two minutes
 * before and a quarter of an hour after the start, left up to twelve minutes before the end (or
 * are still there now), and were present for 88-99 % of that time (the rest was time away, which
 * heartbeats do not count). The last heartbeat added 15 s, the room's heartbeat interval.
 */
async function seedAttendance(context: ScaleContext): Promise<void> {
  const { client } = context;
  await client.query(`
    create temp view scale_attendance as
    select n, v, s, day, joined, left_at,
      floor(extract(epoch from left_at - joined) * (88 + (j + n) % 12) / 100)::float8 as present
    from scale_invitations,
      lateral (select start_at - interval '2 minutes' + ((j * 13 + n) % 15) * interval '1 minute'
        + (j % 60) * interval '1 second' as joined) x,
      lateral (select least(end_at - ((j * 11 + n) % 12) * interval '1 minute' - ((j * 7) % 60) * interval '1 second',
        ${literal(context.now.toISOString())}::timestamptz) as left_at) y
    where (j * 7 + n * 3) % 8 <> 0 and joined <= ${literal(context.now.toISOString())}::timestamptz`);
  await client.query(
    `insert into online_session_attendance (session_id, student_id, institution_id, first_join_at, last_seen_at,
       seconds_present, last_added_seconds)
     select ${id('session', 'n')}, ${id('student', 's')}, $1::uuid, joined, left_at, present, least(15, present)
     from scale_attendance`,
    [context.institutionId],
  );
  await client.query(
    `insert into time_spent (institution_id, student_id, content_type, content_id, batch_subject_id, day, minutes,
       updated_at)
     select $1::uuid, ${id('student', 's')}, 'online', ${id('session', 'n')}, ${id('batch-subject', 'v')}, day,
       present / 60.0, left_at
     from scale_attendance where present > 0`,
    [context.institutionId],
  );
}

/**
 * The `session.created` events of the sessions made in the last three days (the portal prunes
 * older ones), to the batch subject's audience or a custom session's selection, as rows of
 * (institution_id, kind, audience, payload, created_at) for `seedEvents`.
 */
export function sessionEvents(context: ScaleContext): string {
  const now = `${literal(context.now.toISOString())}::timestamptz`;
  const batchSubject = id('batch-subject', 'v');
  const audience = `case when is_custom then jsonb_build_object('roles', jsonb_build_array('moderator'),
      'students', (select jsonb_agg(${id('student', 'i.s')} order by i.s) from scale_invitations i where i.n = ss.n),
      'teachers', jsonb_build_array(${batchSubject}))
    else jsonb_build_object('roles', jsonb_build_array('moderator'), 'batch_subjects', jsonb_build_array(${batchSubject})) end`;
  return `select ${literal(context.institutionId)}::uuid, 'session.created', ${audience},
      jsonb_build_object('session_id', ${id('session', 'n')}, 'batch_subject_id', ${batchSubject}), created_at
    from scale_sessions ss, lateral (select ${createdAt(context, now)} as created_at) made
    where created_at > ${now} - interval '3 days'`;
}
