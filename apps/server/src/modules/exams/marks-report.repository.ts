import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';

export interface MarksAnswer {
  question_id: string;
  option_ids: string[];
  answer_text: string | null;
  files: number;
  correct: boolean | null;
  scored_point: number | null;
}

export interface MarksRowData extends Record<string, unknown> {
  student_id: string;
  name: string;
  answers: MarksAnswer[];
  assessor: string | null;
  /** The attempt's seed: the student's own letters (decision 39). */
  seed: number;
}

/**
 * Every submission of the assessment with all its answers and its latest assessor, by student
 * name, in ONE statement (no query per student).
 */
export async function marksRows(db: Database, assessmentId: string): Promise<MarksRowData[]> {
  const result = await executePrepared<MarksRowData>(
    db,
    sql`select st.id as student_id, st.name, ea.seed,
        coalesce(json_agg(json_build_object('question_id', x.question_id, 'option_ids', x.option_ids,
          'answer_text', x.answer_text, 'files', cardinality(x.file_urls), 'correct', x.correct,
          'scored_point', x.scored_point::float8)) filter (where x.id is not null), '[]'::json) as answers,
        (select coalesce(f.name, u.username) from exam_answers y
          join users u on u.id = y.assessor_user_id left join faculties f on f.user_id = u.id
          where y.attempt_id = ea.id order by y.assessed_at desc limit 1) as assessor
      from exam_attempts ea
      join students st on st.id = ea.student_id
      left join exam_answers x on x.attempt_id = ea.id
      where ea.assessment_id = ${assessmentId} and ea.submitted_at is not null
      group by ea.id, st.id
      order by st.name, st.id`,
  );
  return result.rows;
}
