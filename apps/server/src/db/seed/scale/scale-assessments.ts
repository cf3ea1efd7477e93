import { subjectOf, teacherOf, topicAt } from './scale-curriculum.js';
import { openedAt } from './scale-people.js';
import { id, literal, pick, type ScaleContext, textArray } from './scale-sql.js';
import { personName, SUBJECT_KINDS } from './scale-texts.js';

// Assessments of the batch subjects (decision 35: 200 of them), each paper with a question of every
// type; the batch's students have sat the past ones; and self assessments on the first topic of
// every subject, taken once by every student.
//
// Numbering: assessment a of batch subject v = a % batch subjects; question a * 5 + i; option
// question * 4 + o; attempt a * studentsPerBatch + j (the batch's j-th student); answer
// attempt * 5 + i. Self-assessment question u * 3 + i of subject u; its option question * 4 + o;
// result s of student s.

const TEST_NAMES = ['Unit Test', 'Class Test', 'Weekly Quiz', 'Revision Test', 'Monthly Test'];
/** The five questions of every paper: type, marks and title. */
const PAPER = [
  ['SINGLE_CHOICE', 1, 'Which of these statements about the chapter is correct?'],
  ['MULTIPLE_CHOICE', 2, 'Select every example that fits the definition.'],
  ['BOOLEAN', 1, 'The rule from the lesson also holds for the special case.'],
  ['TEXT', 3, 'Explain the main idea of the chapter in your own words.'],
  ['UPLOAD', 5, 'Solve the worked problem on paper and upload your answer sheet.'],
] as const;
const CHOICES = [
  'The first statement',
  'The second statement',
  'The third statement',
  'The fourth statement',
];
const TEXT_ANSWERS = [
  'The chapter shows how the quantities depend on each other, with examples from daily life.',
  'It explains the rule, why it works and when it can be used.',
  'The main idea is the relation between the terms defined at the start.',
];
const SELF_QUESTIONS = [
  ['SINGLE_CHOICE', 'Which definition matches the lesson?'],
  ['MULTIPLE_CHOICE', 'Which of these examples belong to the topic?'],
  ['BOOLEAN', 'The lesson’s rule has no exceptions.'],
] as const;

/**
 * What an assessment is, by `a % 10`: 0-2 evaluated (EVOLUTED), 3-5 closed (LIVE, past due), 6
 * live now, 7 upcoming, 8 a draft without questions, 9 canceled. Past ones were held at 10:00 on
 * a day of the activity period, for an hour; upcoming ones at 10:00 on one of the next 14 days.
 */
function timing(context: ScaleContext) {
  const zone = literal(context.timeZone);
  const slot = `to_timestamp(floor(extract(epoch from $2::timestamptz) / 900) * 900)`;
  const pastDay = `(${literal(context.openedOn)}::date + (a * 7) % ${context.activityDays})`;
  const nextDay = `(${literal(context.today)}::date + 1 + a % 14)`;
  const start = `(case when a % 10 = 6 then ${slot} - interval '1 hour'
      when a % 10 in (7, 8) then (${nextDay} + time '10:00') at time zone ${zone}
      else (${pastDay} + time '10:00') at time zone ${zone} end)`;
  const due = `(case when a % 10 = 6 then ${slot} + interval '2 days' else ${start} + interval '1 hour' end)`;
  return { start, due };
}

const PAST = 'a % 10 <= 5';
const EVALUATED = 'a % 10 <= 2';
const HAS_QUESTIONS = 'a % 10 <> 8';

export async function seedAssessments(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const batchSubjects = shape.batchSubjects;
  const { start, due } = timing(context);
  const v = `(a % ${batchSubjects})`;
  const teacher = teacherOf(context, v);
  const kindOf = pick(
    SUBJECT_KINDS.map((kind) => kind.title),
    `${v} % ${size.subjectsPerBatch}`,
  );
  await client.query(
    `insert into assessments (id, institution_id, batch_subject_id, author_user_id, author_name, title, description,
       start_date, due_date, paper_url, status, created_at, updated_at)
     select ${id('assessment', 'a')}, $1::uuid, ${id('batch-subject', v)}, ${id('faculty-user', teacher)},
       ${personName(`${teacher} + 1`)}, ${kindOf} || ' ' || ${pick(TEST_NAMES, 'a')} || ' ' || (a / ${batchSubjects} + 1),
       'Covers the chapters taught so far. Answer every question; the marks are shown with each.',
       ${start}, ${due}, null,
       case when ${EVALUATED} then 'EVOLUTED' when a % 10 = 8 then 'DRAFTED' when a % 10 = 9 then 'CANCELED' else 'LIVE' end,
       ${openedAt(context, 7, 'a')}, ${openedAt(context, 7, 'a')}
     from generate_series(0, ${size.assessments - 1}) a`,
    [context.institutionId, context.now],
  );
  const types = textArray(PAPER.map(([type]) => type));
  const marks = `(array[${PAPER.map(([, mark]) => mark).join(', ')}])[1 + i]`;
  await client.query(
    `insert into questions (id, institution_id, assessment_id, position, title, type, weightage, created_at)
     select ${id('question', 'a * 5 + i')}, $1::uuid, ${id('assessment', 'a')}, i + 1,
       (${textArray(PAPER.map(([, , title]) => title))})[1 + i], (${types})[1 + i], ${marks},
       ${openedAt(context, 7, 'a')}
     from generate_series(0, ${size.assessments - 1}) a, generate_series(0, 4) i where ${HAS_QUESTIONS}`,
    [context.institutionId],
  );
  // Single choice: B is right; multiple choice: A and C; true/false: True.
  await client.query(
    `insert into question_options (id, question_id, position, title, correct)
     select ${id('option', '(a * 5 + i) * 4 + o')}, ${id('question', 'a * 5 + i')}, o + 1,
       case when i = 2 then (array['True', 'False'])[1 + o] else (${textArray(CHOICES)})[1 + o] end,
       case i when 0 then o = 1 when 1 then o in (0, 2) else o = 0 end
     from generate_series(0, ${size.assessments - 1}) a, generate_series(0, 2) i, generate_series(0, 3) o
     where ${HAS_QUESTIONS} and (i < 2 or o < 2)`,
  );
  await seedSittings(context);
  await seedSelfAssessments(context);
}

/**
 * Every student of the batch sat each past assessment: started within 20 minutes of the start,
 * submitted 40 minutes later (one in 25 by the clock at the due date). Choice answers are scored on
 * submission; TEXT and UPLOAD answers are marked by the batch subject's teacher once evaluated.
 */
async function seedSittings(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const SPB = size.studentsPerBatch;
  const { start, due } = timing(context);
  const v = `(a % ${shape.batchSubjects})`;
  const started = `(${start} + (j % 20) * interval '1 minute')`;
  const submitted = `(case when j % 25 = 0 then ${due} else ${started} + interval '40 minutes' end)`;
  await client.query(
    `insert into exam_attempts (id, institution_id, assessment_id, student_id, started_at, submitted_at,
       auto_submitted, created_at, updated_at)
     select ${id('attempt', `a * ${SPB} + j`)}, $1::uuid, ${id('assessment', 'a')},
       ${id('student', `${v} / ${size.subjectsPerBatch} * ${SPB} + j`)}, ${started}, ${submitted}, j % 25 = 0,
       ${started}, ${submitted}
     from generate_series(0, ${size.assessments - 1}) a, generate_series(0, ${SPB - 1}) j where ${PAST}`,
    [context.institutionId, context.now],
  );
  const q = 'a * 5 + i';
  const option = (o: string) => id('option', `(${q}) * 4 + ${o}`);
  const right = `(case i when 0 then j % 3 <> 0 when 1 then j % 2 = 0 when 2 then j % 4 <> 0
      when 3 then j % 5 <> 0 else null end)`;
  const marks = `(array[${PAPER.map(([, mark]) => mark).join(', ')}])[1 + i]`;
  const evaluated = `(${EVALUATED})`;
  const assessed = `(i < 3 or ${evaluated})`;
  await client.query(
    `insert into exam_answers (id, attempt_id, question_id, option_ids, answer_text, file_urls, updated_at,
       assessed, correct, scored_point, assessor_user_id, assessed_at)
     select ${id('answer', `(a * ${SPB} + j) * 5 + i`)}, ${id('attempt', `a * ${SPB} + j`)}, ${id('question', q)},
       case i when 0 then array[case when j % 3 = 0 then ${option('0')} else ${option('1')} end]
         when 1 then case when j % 2 = 0 then array[${option('0')}, ${option('2')}] else array[${option('0')}] end
         when 2 then array[case when j % 4 = 0 then ${option('1')} else ${option('0')} end]
         else '{}'::uuid[] end,
       case when i = 3 then ${pick(TEXT_ANSWERS, 'j')} end,
       case when i = 4 then array[$1::text] else '{}'::text[] end,
       ${submitted}, ${assessed},
       case when ${assessed} and i < 4 then ${right} end,
       case when not ${assessed} then null when i = 4 then (j % 6) else case when ${right} then ${marks} else 0 end end,
       case when ${evaluated} then ${id('faculty-user', teacherOf(context, v))} end,
       case when ${evaluated} then ${due} + interval '1 day' when i < 3 then ${submitted} end
     from generate_series(0, ${size.assessments - 1}) a, generate_series(0, ${SPB - 1}) j, generate_series(0, 4) i
     where ${PAST}`,
    [context.media.image, context.now],
  );
}

/**
 * The first topic of every subject has a self assessment of three questions; every student took
 * the one of their batch's subject `s % subjects`, a day of the last month: the single choice right
 * for two in three, the multiple choice for one in two, the true/false always.
 */
async function seedSelfAssessments(context: ScaleContext): Promise<void> {
  const { client, size, shape } = context;
  const topic = (u: string) => id('topic', topicAt(context, u, '0'));
  await client.query(
    `insert into questions (id, institution_id, topic_id, position, title, type, weightage, created_at)
     select ${id('self-question', 'u * 3 + i')}, $1::uuid, ${topic('u')}, i + 1,
       (${textArray(SELF_QUESTIONS.map(([, title]) => title))})[1 + i],
       (${textArray(SELF_QUESTIONS.map(([type]) => type))})[1 + i], 1, ${openedAt(context, 17, 'u')}
     from generate_series(0, ${shape.subjects - 1}) u, generate_series(0, 2) i`,
    [context.institutionId],
  );
  const optionTitle = `case when i = 2 then (array['True', 'False'])[1 + o] else (${textArray(CHOICES)})[1 + o] end`;
  const isRight = 'case i when 0 then o = 1 when 1 then o in (0, 2) else o = 0 end';
  await client.query(
    `insert into question_options (id, question_id, position, title, correct)
     select ${id('self-option', '(u * 3 + i) * 4 + o')}, ${id('self-question', 'u * 3 + i')}, o + 1, ${optionTitle}, ${isRight}
     from generate_series(0, ${shape.subjects - 1}) u, generate_series(0, 2) i, generate_series(0, 3) o
     where i < 2 or o < 2`,
  );
  await client.query(
    `update topics set self_assessment = true
     where id in (select ${topic('u')} from generate_series(0, ${shape.subjects - 1}) u)`,
  );
  const S = size.subjectsPerBatch;
  const option = (o: string) => id('self-option', `(u * 3 + i) * 4 + ${o}`);
  const chosen = `case i when 0 then array[case when s % 3 = 0 then ${option('0')} else ${option('1')} end]
      when 1 then case when s % 2 = 0 then array[${option('0')}, ${option('2')}] else array[${option('0')}] end
      else array[${option('0')}] end`;
  const right = `case i when 0 then array[${option('1')}] when 1 then array[${option('0')}, ${option('2')}]
      else array[${option('0')}] end`;
  const point = `(case when (${chosen}) = (${right}) then 1 else 0 end)`;
  const options = `(select jsonb_agg(jsonb_build_object('_id', ${option('o')}, 'title', ${optionTitle}, 'position', o + 1)
      order by o) from generate_series(0, case when i = 2 then 1 else 3 end) o)`;
  await client.query(
    `insert into self_assessment_results (id, institution_id, student_id, topic_id, batch_subject_id, scored_point,
       total_point, questions_count, answers, created_at)
     select ${id('self-result', 's')}, $1::uuid, ${id('student', 's')}, ${topic('u')}, ${id('batch-subject', 'v')},
       scored, 3, 3, answers,
       (${literal(context.today)}::date - 1 - s % 30 + time '18:00') at time zone ${literal(context.timeZone)}
     from generate_series(0, ${shape.students - 1}) s,
       lateral (select s / ${size.studentsPerBatch} * ${S} + s % ${S} as v) batch_subject,
       lateral (select ${subjectOf(context, 'v')} as u) subject,
       lateral (select sum(point) as scored, jsonb_agg(answer order by i) as answers from (
         select i, ${point} as point, jsonb_build_object(
           'question_id', ${id('self-question', 'u * 3 + i')},
           'title', (${textArray(SELF_QUESTIONS.map(([, title]) => title))})[1 + i],
           'type', (${textArray(SELF_QUESTIONS.map(([type]) => type))})[1 + i],
           'weightage', 1, 'scored_point', ${point}, 'correct', ${point} = 1,
           'submitted_answer_ids', to_jsonb(${chosen}), 'correct_answer_ids', to_jsonb(${right}),
           'answers', ${options}) as answer
         from generate_series(0, 2) i) per_question) scored`,
    [context.institutionId],
  );
}
