import type { QuestionType } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { executePrepared } from '../../lib/prepared.js';
import { scoreChoiceSet } from '../exams/attempts.repository.js';

/** The new key: which options are right (choice questions), and the marks. */
export async function writeKey(
  tx: Transaction,
  questionId: string,
  key: { rightOptionIds: string[] | null; weightage: number },
): Promise<void> {
  if (key.rightOptionIds) {
    await executePrepared(
      tx,
      sql`update question_options set correct = (id = any(${sql.param(key.rightOptionIds)}::uuid[]))
        where question_id = ${questionId}`,
    );
  }
  await executePrepared(tx, sql`update questions set weightage = ${key.weightage} where id = ${questionId}`);
}

/** How each type's submitted answers score by the key now stored (decision 20). */
function rescoreSet(type: QuestionType): SQL {
  switch (type) {
    case 'TEXT':
      // The teacher's Correct / Wrong stands; the marks follow the question's.
      return sql`scored_point = case when x.assessed then case when x.correct then q.weightage else 0 end
        else x.scored_point end`;
    case 'UPLOAD':
      return sql`scored_point = case when x.scored_point is null then null
        else least(x.scored_point, q.weightage) end`;
    default:
      return scoreChoiceSet;
  }
}

/**
 * Rescores every submitted answer to the question in ONE statement, comparing each score before
 * and after: answers how many were rescored and how many changed.
 */
export async function rescoreQuestion(
  tx: Transaction,
  question: { id: string; type: QuestionType },
): Promise<{ rescored: number; changed: number }> {
  const result = await executePrepared<{ rescored: number; changed: number }>(
    tx,
    sql`with before as (
        select x.id, x.correct, x.scored_point from exam_answers x
        join exam_attempts ea on ea.id = x.attempt_id and ea.submitted_at is not null
        where x.question_id = ${question.id}),
      after as (
        update exam_answers x set ${rescoreSet(question.type)}
        from questions q, before b
        where x.id = b.id and q.id = x.question_id
        returning x.id, x.correct, x.scored_point)
      select count(*)::int as rescored,
        (count(*) filter (where b.correct is distinct from a.correct
          or b.scored_point is distinct from a.scored_point))::int as changed
      from after a join before b on b.id = a.id`,
  );
  return result.rows[0] ?? { rescored: 0, changed: 0 };
}

export interface RegradeRow extends Record<string, unknown> {
  id: string;
  question_id: string;
  question_position: number;
  user_name: string;
  created_at: Date;
  before: { right_option_ids: string[]; weightage: number };
  after: { right_option_ids: string[]; weightage: number };
  scores_changed: number;
}

const regradeColumns = sql`r.id, r.question_id, q.position as question_position, r.user_name, r.created_at,
  r.before, r.after, r.scores_changed`;

/** Keeps the regrade in the assessment's history; answers the entry. */
export async function recordRegrade(
  tx: Transaction,
  values: {
    institutionId: string;
    assessmentId: string;
    questionId: string;
    userId: string;
    userName: string;
    before: RegradeRow['before'];
    after: RegradeRow['after'];
    scoresChanged: number;
    now: Date;
  },
): Promise<RegradeRow> {
  const result = await executePrepared<RegradeRow>(
    tx,
    sql`with r as (
        insert into assessment_regrades (institution_id, assessment_id, question_id, user_id, user_name, before,
          after, scores_changed, created_at)
        values (${values.institutionId}, ${values.assessmentId}, ${values.questionId}, ${values.userId},
          ${values.userName}, ${JSON.stringify(values.before)}::jsonb, ${JSON.stringify(values.after)}::jsonb,
          ${values.scoresChanged}, ${values.now})
        returning *)
      select ${regradeColumns} from r join questions q on q.id = r.question_id`,
  );
  return result.rows[0]!;
}

/** The assessment's regrades, latest first. */
export async function regradesOf(db: Database, assessmentId: string): Promise<RegradeRow[]> {
  const result = await executePrepared<RegradeRow>(
    db,
    sql`select ${regradeColumns} from assessment_regrades r join questions q on q.id = r.question_id
      where r.assessment_id = ${assessmentId} order by r.created_at desc, r.id`,
  );
  return result.rows;
}
