import { ASSESSMENT_PAGE_SIZE, type AssessmentList, type assessmentListQuerySchema } from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentAssessment } from '../assessments/assessments.presenter.js';
import type { AssessmentRow } from '../assessments/assessments.repository.js';
import { type AttemptRow, type BatchExamRow, partsOf } from './student-exams.js';

type ListQuery = z.output<typeof assessmentListQuerySchema>;

/**
 * A student's card: their exam with their attempt. What the staff's cards count (enrolments,
 * attempts, evaluations) is none of a student's business and stays 0.
 */
const cardRow = (exam: BatchExamRow, attempt: AttemptRow | undefined): AssessmentRow => ({
  ...exam,
  attempts_started: 0,
  submissions_received: 0,
  submissions_evoluted: 0,
  student_count: 0,
  has_taken: Boolean(attempt?.submitted_at),
  has_started: attempt !== undefined,
  teaches: false,
});

const byDue = (a: BatchExamRow, b: BatchExamRow) =>
  a.due_date.getTime() - b.due_date.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * GET /api/users/me/assessments: a student's examinations (LIVE, CLOSED and EVOLUTED ones of the
 * batch subjects they are enrolled in), one tab a page at a time with both tabs' counts, from the
 * student's examinations kept in memory (student-exams.ts), read in place: only the page's cards
 * are made. Upcoming while now <= due, soonest due first; Previous latest due first; filters only
 * narrow the list. A cursor names the last card of the page before; one not in the list gives an
 * empty page.
 */
export async function listOwnExams(deps: AppDeps, user: AuthUser, query: ListQuery): Promise<AssessmentList> {
  const now = deps.clock.now();
  const page = readPage(query, ASSESSMENT_PAGE_SIZE);
  const { exams, enrolled, byExam } = await partsOf(deps, user);
  const upcoming: BatchExamRow[] = [];
  const previous: BatchExamRow[] = [];
  for (const exam of exams) {
    if (!enrolled.has(exam.batch_subject_id)) continue;
    if (query.batch_id && exam.batch_id !== query.batch_id) continue;
    if (query.batch_subject_id && exam.batch_subject_id !== query.batch_subject_id) continue;
    if (query.pending && byExam.get(exam.id)?.submitted_at) continue;
    (exam.due_date.getTime() >= now.getTime() ? upcoming : previous).push(exam);
  }
  upcoming.sort(byDue);
  previous.sort((a, b) => byDue(b, a));
  const tab = query.when === 'upcoming' ? upcoming : previous;
  const from = page.after === null ? 0 : tab.findIndex((exam) => exam.id === page.after![0]) + 1;
  const rows = from === 0 && page.after !== null ? [] : tab.slice(from, from + page.limit + 1);
  const counts = { upcoming: upcoming.length, previous: previous.length };
  const paged = pageOf(rows, page, (row) => [row.id], counts[query.when]);
  return {
    assessments: paged.rows.map((exam) => presentAssessment(cardRow(exam, byExam.get(exam.id)), user, now)),
    counts,
    page: paged.page,
  };
}
