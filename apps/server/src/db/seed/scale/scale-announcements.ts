import { scaleUsernames } from './scale-size.js';
import { id, literal, pick, type ScaleContext } from './scale-sql.js';
import { ANNOUNCEMENTS } from './scale-texts.js';

// The moderator's announcements and what the bell keeps of them. The bell itself is read, not
// stored (notifications module): pending assessments, sessions not ended and announcements updated
// in the last three days, each against the user's one `notification_reads` mark. So this step
// writes the announcements, the live-update events of the last three days' ones, and the marks of
// the users who have opened their bell (the events are written by `seedEvents`).
//
// Numbering: announcement a, oldest first. The last `recentAnnouncements` were posted within the
// last three days, ten hours apart; the others one every few days from the day after the school
// opened, at office hours. By a % 3: the whole school, one batch, or every section of a grade.
// One in seven was edited a day after it was posted.

/** `batch_ids` of announcement a (an SQL uuid[] expression). */
function audienceOf(context: ScaleContext): string {
  const { batches: B, sectionsPerGrade } = context.size;
  const grades = context.shape.grades;
  const grade = `((a / 3) % ${grades})`;
  return `case a % 3 when 0 then '{}'::uuid[]
    when 1 then array[${id('batch', `a % ${B}`)}]
    else array(select ${id('batch', 'g')} from generate_series(${grade} * ${sectionsPerGrade},
      least(${B}, (${grade} + 1) * ${sectionsPerGrade}) - 1) g) end`;
}

/** The announcements as a temporary view: number, audience, and when posted and last edited. */
async function defineAnnouncements(context: ScaleContext): Promise<void> {
  const { size, shape } = context;
  const A = size.announcements;
  const R = shape.recentAnnouncements;
  const now = `${literal(context.now.toISOString())}::timestamptz`;
  const olderDays = context.activityDays - 4;
  const posted = `case when a >= ${A - R} then ${now} - (${A} - a) * interval '10 hours'
    else (${literal(context.openedOn)}::date + 1 + a * ${olderDays} / ${Math.max(1, A - R)} + time '09:00')
      at time zone ${literal(context.timeZone)} + (a % 9) * interval '37 minutes' end`;
  await context.client.query(`
    create temp view scale_announcements as
    select a, batch_ids, created_at,
      case when a % 7 = 3 then least(created_at + interval '1 day', ${now}) else created_at end as updated_at
    from generate_series(0, ${A - 1}) a,
      lateral (select ${audienceOf(context)} as batch_ids, ${posted} as created_at) x`);
}

export async function seedAnnouncements(context: ScaleContext): Promise<void> {
  const { client } = context;
  await defineAnnouncements(context);
  const titles = ANNOUNCEMENTS.map(([title]) => title);
  const descriptions = ANNOUNCEMENTS.map(([, description]) => description);
  // Written by the moderator, whose name in the portal is their username.
  await client.query(
    `insert into announcements (id, institution_id, title, description, batch_ids, author_id, author_name,
       created_at, updated_at)
     select ${id('announcement', 'a')}, $1::uuid, ${pick(titles, 'a')}, ${pick(descriptions, 'a')}, batch_ids,
       ${id('moderator-user', '0')}, ${literal(scaleUsernames.moderator)}, created_at, updated_at
     from scale_announcements`,
    [context.institutionId],
  );
  await seedBellMarks(context);
}

/**
 * What the announcements service publishes in the last three days (the portal prunes older
 * events): created, and changed, to the same audience; rows for `seedEvents`.
 */
export function announcementEvents(context: ScaleContext): string {
  const now = `${literal(context.now.toISOString())}::timestamptz`;
  const audience = `case when cardinality(batch_ids) = 0
      then jsonb_build_object('roles', jsonb_build_array('moderator', 'faculty', 'student'))
      else jsonb_build_object('roles', jsonb_build_array('moderator'), 'batches', to_jsonb(batch_ids)) end`;
  return `select ${literal(context.institutionId)}::uuid, kind, ${audience},
      jsonb_build_object('announcement_id', ${id('announcement', 'a')}), at
    from scale_announcements,
      lateral (values ('announcement.created', created_at), ('announcement.changed', updated_at)) change(kind, at)
    where at > ${now} - interval '3 days' and (kind = 'announcement.created' or updated_at > created_at)`;
}

/**
 * The bell's marks (`notification_reads`, one per user): the moderator and every teacher read
 * theirs within the last two days, four students in five within the last four; the fifth never
 * opened it.
 */
async function seedBellMarks(context: ScaleContext): Promise<void> {
  const { size, shape } = context;
  await context.client.query(
    `insert into notification_reads (user_id, seen_up_to)
     select ${id('moderator-user', '0')}, $1::timestamptz - interval '2 hours'
     union all
     select ${id('faculty-user', 'f')}, $1::timestamptz - (f % 48) * interval '1 hour' - interval '5 minutes'
     from generate_series(0, ${size.faculty - 1}) f
     union all
     select ${id('student-user', 's')}, $1::timestamptz - ((s * 7) % 96) * interval '1 hour' - interval '5 minutes'
     from generate_series(0, ${shape.students - 1}) s where s % 5 <> 4`,
    [context.now],
  );
}
