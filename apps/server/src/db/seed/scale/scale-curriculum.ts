import { openedAt } from './scale-people.js';
import { id, literal, pick, type ScaleContext } from './scale-sql.js';
import { CHAPTER_THEMES, personName, SUBJECT_KINDS, TOPIC_THEMES } from './scale-texts.js';

// Subjects per grade, taught to each section as a batch subject by two teachers, with chapters,
// topics and a study plan; every student enrolled in their batch's subjects.
//
// Numbering, shared by every step: subject u = grade * S + kind; batch subject v = batch * S +
// kind; chapter u * C + c; topic (u * C + c) * T + t; a topic's position in its subject c * T + t.

/** The subject number of batch subject `v` (SQL integer expression). */
export const subjectOf = (context: ScaleContext, v: string) => {
  const { subjectsPerBatch: S, sectionsPerGrade } = context.size;
  return `((${v}) / ${S} / ${sectionsPerGrade} * ${S} + (${v}) % ${S})`;
};

/** The topic number at visible position `p` of subject `u`. */
export const topicAt = (context: ScaleContext, u: string, p: string) => {
  const { chaptersPerSubject: C, topicsPerChapter: T } = context.size;
  return `(((${u}) * ${C} + (${p}) / ${T}) * ${T} + (${p}) % ${T})`;
};

/** The faculty number of batch subject `v`'s first teacher (who answers its doubts). */
export const teacherOf = (context: ScaleContext, v: string) => `((${v}) % ${context.size.faculty})`;

const kindTitle = (j: string) =>
  pick(
    SUBJECT_KINDS.map((kind) => kind.title),
    j,
  );
const codes = SUBJECT_KINDS.map((kind) => kind.code);
const logos = SUBJECT_KINDS.map((kind) => kind.logo);

export async function seedCurriculum(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const { subjectsPerBatch: S, chaptersPerSubject: C, faculty: F } = size;
  if (S > SUBJECT_KINDS.length) throw new Error(`at most ${SUBJECT_KINDS.length} subjects a batch`);
  const institution = [context.institutionId];

  const kind = `u % ${S}`;
  const grade = `(6 + u / ${S})`;
  await client.query(
    `insert into subjects (id, institution_id, title, description, code, logo, created_at, updated_at)
     select ${id('subject', 'u')}, $1::uuid, ${kindTitle(kind)} || ' (Class ' || ${grade} || ')',
       ${kindTitle(kind)} || ' for Class ' || ${grade} || ', following the school syllabus.',
       ${pick(codes, kind)} || '-' || ${grade}, ${pick(logos, kind)},
       ${openedAt(context, 11, 'u')}, ${openedAt(context, 11, 'u')}
     from generate_series(0, ${shape.subjects - 1}) u`,
    institution,
  );
  await client.query(
    `insert into batch_subjects (id, institution_id, batch_id, subject_id, created_at)
     select ${id('batch-subject', 'v')}, $1::uuid, ${id('batch', `v / ${S}`)}, ${id('subject', subjectOf(context, 'v'))},
       ${openedAt(context, 12, 'v')}
     from generate_series(0, ${shape.batchSubjects - 1}) v`,
    institution,
  );
  // Two teachers a batch subject when there are two: its first one, and one half the staff away.
  await client.query(
    `insert into batch_subject_faculties (batch_subject_id, faculty_id, created_at)
     select distinct on (v, f) ${id('batch-subject', 'v')}, ${id('faculty', 'f')}, ${openedAt(context, 12, 'v')}
     from generate_series(0, ${shape.batchSubjects - 1}) v,
       lateral (values (${teacherOf(context, 'v')}), ((v + ${Math.floor(F / 2)}) % ${F})) teacher(f)`,
  );
  await client.query(
    `insert into batch_subject_students (batch_subject_id, student_id, created_at)
     select ${id('batch-subject', `s / ${size.studentsPerBatch} * ${S} + j`)}, ${id('student', 's')},
       ${openedAt(context, 13, 's')}
     from generate_series(0, ${shape.students - 1}) s, generate_series(0, ${S - 1}) j`,
  );
  // The last chapter of a subject is still being written: hidden from students.
  await client.query(
    `insert into chapters (id, institution_id, subject_id, title, description, visibility, display_order,
       created_at, updated_at)
     select ${id('chapter', `u * ${C} + c`)}, $1::uuid, ${id('subject', 'u')},
       'Chapter ' || (c + 1) || ': ' || ${pick(CHAPTER_THEMES, 'c + u')},
       'Chapter ' || (c + 1) || ' of ' || ${kindTitle(`u % ${S}`)} || '.', ${C > 1 ? `c < ${C - 1}` : 'true'}, c,
       ${openedAt(context, 14, `u * ${C} + c`)}, ${openedAt(context, 14, `u * ${C} + c`)}
     from generate_series(0, ${shape.subjects - 1}) u, generate_series(0, ${C - 1}) c`,
    institution,
  );
  await seedTopics(context);
  // One topic a day per batch subject, through the course in order, for planDays days up to today.
  await client.query(
    `insert into study_plans (id, institution_id, batch_subject_id, topic_id, date, created_at)
     select ${id('plan', `v * ${size.planDays} + d`)}, $1::uuid, ${id('batch-subject', 'v')},
       ${id('topic', topicAt(context, subjectOf(context, 'v'), `d % ${shape.visibleTopicsPerSubject}`))}, day,
       (day - 1 + time '17:00') at time zone ${literal(context.timeZone)}
     from generate_series(0, ${shape.batchSubjects - 1}) v, generate_series(0, ${size.planDays - 1}) d,
       lateral (select ${literal(context.today)}::date - ${size.planDays - 1} + d as day) plan_day`,
    institution,
  );
}

/** Topics rotate through image, audio and video, each showing the stored demo file of its type. */
async function seedTopics(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const { subjectsPerBatch: S, chaptersPerSubject: C, topicsPerChapter: T, sectionsPerGrade } = size;
  // The author: the first teacher of the grade's first section's batch subject.
  const author = teacherOf(context, `(u / ${S}) * ${sectionsPerGrade} * ${S} + u % ${S}`);
  const description = `'This lesson covers ' || lower(theme) || ' in ' || ${kindTitle(`u % ${S}`)} ||
    ', chapter ' || (c + 1) || '. Read the description, study the diagram and try the practice questions.'`;
  await client.query(
    `insert into topics (id, institution_id, chapter_id, title, type, content_uri, wysiwyg_state,
       description_text, author_id, author_name, logo_url, visibility, created_at, updated_at)
     select ${id('topic', `(u * ${C} + c) * ${T} + t`)}, $1::uuid, ${id('chapter', `u * ${C} + c`)},
       ${kindTitle(`u % ${S}`)} || ' ' || (c + 1) || '.' || (t + 1) || ': ' || theme,
       (array['image', 'audio', 'video'])[1 + t % 3],
       (array[$2, $3, $4])[1 + t % 3],
       jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object(
         'type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', ${description}))))),
       ${description}, ${id('faculty', author)}, ${personName(`${author} + 1`)}, $2, true,
       ${openedAt(context, 15, `(u * ${C} + c) * ${T} + t`)}, ${openedAt(context, 15, `(u * ${C} + c) * ${T} + t`)}
     from generate_series(0, ${shape.subjects - 1}) u, generate_series(0, ${C - 1}) c,
       generate_series(0, ${T - 1}) t, lateral (select ${pick(TOPIC_THEMES, 't + c')} as theme) named`,
    [context.institutionId, context.media.image, context.media.audio, context.media.video],
  );
}
