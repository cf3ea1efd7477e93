import type { Database, Transaction } from '../../db/client.js';
import { examQuestions, overdueAttempts, submitOverdueAttempts } from './attempts.repository.js';
import { type PaperSettings, studentOrder } from './paper-order.js';

/**
 * Submits the assessment's attempts past their students' own deadlines + grace (decisions 26 and
 * 38), when there are any: a cheap probe first, then one statement; a drawn paper's questions are
 * worked out per attempt from its seed. Answers whether anything was submitted.
 */
export async function submitOverdue(
  db: Database,
  assessment: PaperSettings & { id: string },
  now: Date,
  tx: Database | Transaction = db,
): Promise<boolean> {
  const overdue = await overdueAttempts(tx, assessment.id, now);
  if (overdue.length === 0) return false;
  let papers: Map<string, string[]> | null = null;
  if (assessment.draw_count !== null) {
    const questions = await examQuestions(db, assessment.id);
    const draw = { ...assessment, shuffle_questions: false, shuffle_options: false };
    papers = new Map(
      overdue.map((attempt) => [attempt.id, studentOrder(questions, draw, attempt.seed).questionIds]),
    );
  }
  await submitOverdueAttempts(tx, assessment.id, now, papers);
  return true;
}
