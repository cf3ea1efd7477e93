/**
 * The files of an institution export (issue 28): one CSV per kind of record, each ONE statement
 * over the institution's rows ($1 its id, $2 the portal's now), read in one repeatable-read
 * snapshot so the files agree with each other. Ids are kept, so the files join as the tables do.
 * Never a secret: no password hash, reset code or token is selected; accounts give their username.
 * Soft-deleted rows (a deleted batch, subject, chapter, topic, doubt, note, session) are left out,
 * as every screen leaves them out.
 */
export interface ExportFile {
  name: string;
  sql: string;
}

const live = (alias: string) => `${alias}.deleted_at is null`;

export const EXPORT_FILES: ExportFile[] = [
  {
    name: 'institution.csv',
    sql: `select i.id, i.title, i.academic_year, i.time_zone, i.visibility as active, i.created_at
      from institutions i where i.id = $1`,
  },
  {
    name: 'batches.csv',
    sql: `select b.id, b.title, b.academic_year, b.display_order, b.created_at
      from batches b where b.institution_id = $1 and ${live('b')} order by b.display_order, b.title, b.id`,
  },
  {
    name: 'students.csv',
    sql: `select s.id, u.username, s.name, s.gender, s.date_of_birth, s.admission_year,
        array_to_string(s.email, '; ') as email, array_to_string(s.mobile, '; ') as mobile, s.prn,
        s.father_name, s.mother_name, s.guardian_name, s.batch_id, b.title as batch_title,
        s.upload_assessment_not_allowed, s.archived_at is not null as archived, s.created_at
      from students s join users u on u.id = s.user_id
      left join batches b on b.id = s.batch_id
      where s.institution_id = $1 order by s.name, s.id`,
  },
  {
    name: 'faculty.csv',
    sql: `select f.id, u.username, f.name, f.gender, array_to_string(f.email, '; ') as email,
        array_to_string(f.mobile, '; ') as mobile, f.prn, f.designation,
        f.archived_at is not null as archived, f.created_at
      from faculties f join users u on u.id = f.user_id
      where f.institution_id = $1 order by f.name, f.id`,
  },
  {
    name: 'moderators.csv',
    sql: `select u.id, u.username, u.email, u.archived_at is not null as archived, u.created_at
      from users u where u.institution_id = $1 and u.permission = 'moderator' order by u.username`,
  },
  {
    name: 'subjects.csv',
    sql: `select s.id, s.title, s.code, s.description, s.created_at
      from subjects s where s.institution_id = $1 and ${live('s')} order by s.title, s.id`,
  },
  {
    name: 'batch_subjects.csv',
    sql: `select bs.id, bs.batch_id, b.title as batch_title, bs.subject_id, s.title as subject_title,
        (select string_agg(f.name, '; ' order by f.name) from batch_subject_faculties bf
          join faculties f on f.id = bf.faculty_id where bf.batch_subject_id = bs.id) as teachers,
        (select string_agg(bf.faculty_id::text, '; ' order by bf.faculty_id) from batch_subject_faculties bf
          where bf.batch_subject_id = bs.id) as teacher_ids
      from batch_subjects bs
      join batches b on b.id = bs.batch_id and ${live('b')}
      join subjects s on s.id = bs.subject_id and ${live('s')}
      where bs.institution_id = $1 and ${live('bs')} order by b.title, s.title, bs.id`,
  },
  {
    name: 'enrolments.csv',
    sql: `select bss.batch_subject_id, bss.student_id, st.name as student_name, bss.created_at
      from batch_subject_students bss
      join batch_subjects bs on bs.id = bss.batch_subject_id and ${live('bs')}
      join students st on st.id = bss.student_id
      where bs.institution_id = $1 order by bss.batch_subject_id, st.name, bss.student_id`,
  },
  {
    name: 'chapters.csv',
    sql: `select c.id, c.subject_id, c.title, c.description, c.visibility as visible, c.display_order, c.created_at
      from chapters c join subjects s on s.id = c.subject_id and ${live('s')}
      where c.institution_id = $1 and ${live('c')} order by c.subject_id, c.display_order, c.id`,
  },
  {
    name: 'topics.csv',
    sql: `select t.id, t.chapter_id, t.title, t.type, t.content_uri as content_url, t.description_text,
        t.author_name, t.visibility as visible, t.self_assessment, t.created_at
      from topics t join chapters c on c.id = t.chapter_id and ${live('c')}
      where t.institution_id = $1 and ${live('t')} order by t.chapter_id, t.created_at, t.id`,
  },
  {
    name: 'study_plans.csv',
    sql: `select sp.batch_subject_id, sp.topic_id, t.title as topic_title, sp.date
      from study_plans sp join topics t on t.id = sp.topic_id
      where sp.institution_id = $1 and ${live('sp')} order by sp.date, sp.batch_subject_id, sp.topic_id`,
  },
  {
    name: 'doubts.csv',
    sql: `select d.id, d.batch_subject_id, d.topic_id, d.student_id, st.name as student_name, d.doubt_text,
        d.created_at, d.updated_at
      from doubts d join students st on st.id = d.student_id
      where d.institution_id = $1 and ${live('d')} order by d.created_at, d.id`,
  },
  {
    name: 'doubt_replies.csv',
    sql: `select r.id, r.doubt_id, r.author_role, r.author_name, r.response_text, r.created_at
      from doubt_responses r join doubts d on d.id = r.doubt_id and ${live('d')}
      where r.institution_id = $1 and ${live('r')} order by r.created_at, r.id`,
  },
  {
    name: 'notes.csv',
    sql: `select n.id, n.student_id, n.topic_id, n.batch_subject_id, n.note_text, n.created_at, n.updated_at
      from notes n where n.institution_id = $1 and ${live('n')} order by n.student_id, n.created_at, n.id`,
  },
  {
    name: 'topic_views.csv',
    sql: `select i.student_id, i.topic_id, i.batch_subject_id, i.view_date as day, i.view_count,
        i.first_viewed_at, i.last_viewed_at
      from impressions i where i.institution_id = $1 order by i.view_date, i.student_id, i.topic_id`,
  },
  {
    name: 'time_spent.csv',
    sql: `select ts.student_id, ts.content_type, ts.content_id, ts.batch_subject_id, ts.day, ts.minutes
      from time_spent ts where ts.institution_id = $1
      order by ts.day, ts.student_id, ts.content_type, ts.content_id`,
  },
  {
    name: 'online_sessions.csv',
    sql: `select os.id, os.batch_id, os.batch_subject_id, os.title, os.start_time, os.end_time,
        os.author_name, os.is_custom, os.created_at
      from online_sessions os where os.institution_id = $1 and ${live('os')} order by os.start_time, os.id`,
  },
  {
    name: 'session_attendance.csv',
    sql: `select a.session_id, a.student_id, st.name as student_name, a.first_join_at, a.last_seen_at,
        round((a.seconds_present / 60)::numeric, 2) as minutes_present
      from online_session_attendance a
      join online_sessions os on os.id = a.session_id and ${live('os')}
      join students st on st.id = a.student_id
      where a.institution_id = $1 order by os.start_time, a.session_id, st.name`,
  },
  {
    name: 'session_notes.csv',
    sql: `select n.id, n.student_id, n.session_id, n.note_text, n.created_at
      from session_notes n where n.institution_id = $1 and ${live('n')} order by n.created_at, n.id`,
  },
  {
    name: 'assessments.csv',
    sql: `select a.id, a.batch_subject_id, a.title, a.description, a.start_date, a.due_date,
        case when a.status = 'LIVE' and a.due_date < $2 then 'CLOSED' else a.status end as status,
        a.author_name, a.paper_url,
        (select count(*) from questions q where q.assessment_id = a.id) as questions,
        (select coalesce(sum(q.weightage), 0) from questions q where q.assessment_id = a.id) as total_marks,
        a.created_at
      from assessments a where a.institution_id = $1 order by a.start_date, a.id`,
  },
  {
    name: 'questions.csv',
    sql: `select q.id, q.assessment_id, q.topic_id as self_assessment_topic_id, q.position, q.type, q.title,
        q.weightage as marks
      from questions q where q.institution_id = $1
      order by q.assessment_id nulls last, q.topic_id, q.position, q.id`,
  },
  {
    name: 'question_options.csv',
    sql: `select o.question_id, chr(64 + o.position) as letter, o.title, o.correct
      from question_options o join questions q on q.id = o.question_id
      where q.institution_id = $1 order by o.question_id, o.position`,
  },
  {
    name: 'exam_results.csv',
    sql: `select ea.assessment_id, ea.student_id, st.name as student_name, ea.started_at, ea.submitted_at,
        ea.auto_submitted,
        -- Saves score choice answers as they go; an attempt scores once submitted.
        (select coalesce(sum(x.scored_point), 0) from exam_answers x
          where x.attempt_id = ea.id and ea.submitted_at is not null) as scored,
        (select coalesce(sum(q.weightage), 0) from questions q where q.assessment_id = ea.assessment_id) as total_marks,
        not exists (select 1 from exam_answers x where x.attempt_id = ea.id and not x.assessed) and ea.submitted_at is not null
          as evaluated
      from exam_attempts ea join students st on st.id = ea.student_id
      where ea.institution_id = $1 order by ea.assessment_id, st.name, ea.student_id`,
  },
  {
    name: 'exam_answers.csv',
    sql: `select ea.assessment_id, ea.student_id, x.question_id,
        (select string_agg(chr(64 + o.position), '|' order by o.position) from question_options o
          where o.id = any(x.option_ids)) as chosen,
        x.answer_text, array_to_string(x.file_urls, '; ') as files, x.assessed, x.correct, x.scored_point,
        x.updated_at
      from exam_answers x join exam_attempts ea on ea.id = x.attempt_id
      where ea.institution_id = $1 order by ea.assessment_id, ea.student_id, x.question_id`,
  },
  {
    name: 'self_assessment_results.csv',
    sql: `select r.id, r.student_id, r.topic_id, r.batch_subject_id, r.scored_point, r.total_point,
        r.questions_count, r.created_at
      from self_assessment_results r where r.institution_id = $1 order by r.created_at, r.id`,
  },
  {
    name: 'announcements.csv',
    sql: `select a.id, a.title, a.description, array_to_string(a.batch_ids, '; ') as batch_ids, a.author_name,
        a.created_at, a.updated_at
      from announcements a where a.institution_id = $1 order by a.created_at, a.id`,
  },
];
