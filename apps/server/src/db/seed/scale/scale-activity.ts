import { subjectOf, teacherOf, topicAt } from './scale-curriculum.js';
import { id, literal, pick, type ScaleContext } from './scale-sql.js';
import { DOUBT_TEXTS, FOLLOW_UP_TEXTS, NOTE_TEXTS, personName, REPLY_TEXTS } from './scale-texts.js';

// What the students did: topic views (impressions, each with its time spent) spread over the
// activity days, and doubts, replies and notes written on topics they viewed.

/**
 * Every view as a temporary view (s = student, k = view number, v = batch subject): student s's
 * k-th view is of subject k % S, at position (k / S) * step + s % step of its visible topics, on
 * a day that moves through the activity days as k grows, between 08:00 and 20:00 of the
 * institution's zone. Positions are distinct per student and subject, so each topic once.
 */
export async function defineViews(context: ScaleContext): Promise<void> {
  const { size, shape } = context;
  const { subjectsPerBatch: S, viewsPerStudent: K } = size;
  const W = context.activityDays;
  await context.client.query(`
    create temp view scale_views as
    select s, k, v, at, day,
      ${id('topic', topicAt(context, subjectOf(context, 'v'), 'p'))} as topic_id,
      ${id('batch-subject', 'v')} as batch_subject_id
    from generate_series(0, ${shape.students - 1}) s, generate_series(0, ${K - 1}) k,
      lateral (select s / ${size.studentsPerBatch} * ${S} + k % ${S} as v,
        (k / ${S}) * ${shape.viewStep} + s % ${shape.viewStep} as p,
        ${literal(context.openedOn)}::date + least(${W - 1}, k * ${W - 1} / ${Math.max(1, K - 1)} + s % 3) as day) x,
      lateral (select (day + time '08:00' + ((s * 37 + k * 11) % 720) * interval '1 minute')
        at time zone ${literal(context.timeZone)} as at) y`);
}

export async function seedViews(context: ScaleContext): Promise<void> {
  const { client } = context;
  await client.query(
    `insert into impressions (institution_id, student_id, topic_id, batch_subject_id, view_date, view_count,
       first_viewed_at, last_viewed_at)
     select $1::uuid, ${id('student', 's')}, topic_id, batch_subject_id, day, 1 + (s + k) % 3,
       at, at + ((s + k) % 3) * interval '25 minutes'
     from scale_views`,
    [context.institutionId],
  );
  await client.query(
    `insert into time_spent (institution_id, student_id, content_type, content_id, batch_subject_id, day, minutes,
       updated_at)
     select $1::uuid, ${id('student', 's')}, 'topics', topic_id, batch_subject_id, day,
       (2 + ((s * 31 + k * 17) % 400) / 10.0)::float8, at + ((s + k) % 3) * interval '25 minutes'
     from scale_views`,
    [context.institutionId],
  );
}

/** The views that carry a doubt: every `doubtEvery`-th, up to doubtsPerStudent; doubt number s * D + i. */
const doubtViews = (context: ScaleContext) =>
  `k % ${context.shape.doubtEvery} = 0 and k / ${context.shape.doubtEvery} < ${context.size.doubtsPerStudent}`;
const doubtNumber = (context: ScaleContext) =>
  `(s * ${context.size.doubtsPerStudent} + k / ${context.shape.doubtEvery})`;

/**
 * Ten minutes after the view, a doubt; replies alternate teacher (the batch subject's first
 * teacher), student follow-up, teacher, 0-3 of them in a 0, 1, 2, 2, 3 pattern, so four doubts in
 * five are answered and the rest wait for a teacher. Replies come hours apart, never after now.
 */
export async function seedDoubts(context: ScaleContext): Promise<void> {
  const { client } = context;
  const doubt = doubtNumber(context);
  const teacher = teacherOf(context, 'v');
  const asked = `at + interval '10 minutes'`;
  await client.query(
    `insert into doubts (id, institution_id, student_id, topic_id, batch_subject_id, doubt_text, created_at, updated_at)
     select ${id('doubt', doubt)}, $1::uuid, ${id('student', 's')}, topic_id, batch_subject_id,
       ${pick(DOUBT_TEXTS, 's + k')}, ${asked}, ${asked}
     from scale_views where ${doubtViews(context)}`,
    [context.institutionId],
  );
  const byTeacher = 'n % 2 = 1';
  const replied = `least(${asked} + n * interval '3 hours', $2::timestamptz)`;
  await client.query(
    `insert into doubt_responses (id, institution_id, doubt_id, author_user_id, author_role, author_name,
       response_text, created_at, updated_at)
     select ${id('reply', `${doubt} * 3 + n`)}, $1::uuid, ${id('doubt', doubt)},
       case when ${byTeacher} then ${id('faculty-user', teacher)} else ${id('student-user', 's')} end,
       case when ${byTeacher} then 'faculty' else 'student' end,
       case when ${byTeacher} then ${personName(`${teacher} + 1`)} else ${personName('s + 7')} end,
       case when ${byTeacher} then ${pick(REPLY_TEXTS, 's + n')} else ${pick(FOLLOW_UP_TEXTS, 's + k')} end,
       ${replied}, ${replied}
     from scale_views, generate_series(1, 3) n
     where ${doubtViews(context)} and n <= (array[0, 1, 2, 2, 3])[1 + ${doubt} % 5]`,
    [context.institutionId, context.now],
  );
}

/** Five minutes after the view, a note: every `noteEvery`-th view, up to notesPerStudent. */
export async function seedNotes(context: ScaleContext): Promise<void> {
  const { noteEvery } = context.shape;
  const written = `at + interval '5 minutes'`;
  await context.client.query(
    `insert into notes (id, institution_id, student_id, topic_id, batch_subject_id, note_text, created_at, updated_at)
     select ${id('note', `s * ${context.size.notesPerStudent} + k / ${noteEvery}`)}, $1::uuid, ${id('student', 's')},
       topic_id, batch_subject_id, ${pick(NOTE_TEXTS, 's * 3 + k')}, ${written}, ${written}
     from scale_views where k % ${noteEvery} = 0 and k / ${noteEvery} < ${context.size.notesPerStudent}`,
    [context.institutionId],
  );
}
