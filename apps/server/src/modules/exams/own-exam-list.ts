import { ASSESSMENT_PAGE_SIZE, type AssessmentList, type assessmentListQuerySchema } from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentAssessment } from '../assessments/assessments.presenter.js';
import type { AssessmentRow } from '../assessments/assessments.repository.js';
import { type BatchExamRow, ownDueOf, partsOf, type StudentExam, withAttempt } from './student-exams.js';

type ListQuery = z.output<typeof assessmentListQuerySchema>;

/**
 * A student's card: their exam with their attempt (a fresh object, completed in place rather than
 * copied once more). What the staff's cards count (enrolments, attempts, evaluations) is none of a
 * student's business and stays 0.
 */
const cardRow = (exam: StudentExam): AssessmentRow =>
  Object.assign(exam, {
    attempts_started: 0,
    submissions_received: 0,
    submissions_evoluted: 0,
    student_count: 0,
    has_taken: exam.submitted_at !== null,
    has_started: exam.attempt_id !== null,
    teaches: false,
  });

/** An examination of the tab with the student's own due date (decision 38), which orders and splits. */
interface Listed {
  exam: BatchExamRow;
  due: number;
}

const byDue = (a: Listed, b: Listed) =>
  a.due - b.due || (a.exam.id < b.exam.id ? -1 : a.exam.id > b.exam.id ? 1 : 0);

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
  const { facts, exams, enrolled, byExam } = await partsOf(deps, user);
  const upcoming: Listed[] = [];
  const previous: Listed[] = [];
  for (const exam of exams) {
    if (!enrolled.has(exam.batch_subject_id)) continue;
    if (query.batch_id && exam.batch_id !== query.batch_id) continue;
    if (query.batch_subject_id && exam.batch_subject_id !== query.batch_subject_id) continue;
    if (query.pending && byExam.get(exam.id)?.submitted_at) continue;
    const due = ownDueOf(exam, facts).getTime();
    (due >= now.getTime() ? upcoming : previous).push({ exam, due });
  }
  upcoming.sort(byDue);
  previous.sort((a, b) => byDue(b, a));
  const tab = query.when === 'upcoming' ? upcoming : previous;
  const from = page.after === null ? 0 : tab.findIndex(({ exam }) => exam.id === page.after![0]) + 1;
  const rows = (from === 0 && page.after !== null ? [] : tab.slice(from, from + page.limit + 1)).map(
    ({ exam }) => exam,
  );
  const counts = { upcoming: upcoming.length, previous: previous.length };
  const paged = pageOf(rows, page, (row) => [row.id], counts[query.when]);
  return {
    assessments: paged.rows.map((exam) =>
      presentAssessment(cardRow(withAttempt(exam, facts, byExam.get(exam.id))), user, now),
    ),
    counts,
    page: paged.page,
  };
}
