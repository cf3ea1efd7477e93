import {
  ASSESSMENT_PAGE_SIZE,
  type Assessment,
  type AssessmentList,
  type assessmentListQuerySchema,
  examCardState,
  NO_FILES,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { derivedOnce } from '../../lib/read-cache.js';
import type { AuthUser } from '../../plugins/auth.js';
import { effectiveStatus } from '../assessments/assessment-status.js';
import { isEditable, mayCancel, mayTeachBatchSubject } from '../assessments/assessments.policy.js';
import { ownMinutes } from '../assessments/assessments.presenter.js';
import {
  type AttemptRow,
  type BatchExamRow,
  ownDueOf,
  ownView,
  partsOf,
  type StudentFacts,
} from './student-exams.js';

type ListQuery = z.output<typeof assessmentListQuerySchema>;

/** An examination's dates as the cards write them, made once per kept examination. */
const examTexts = derivedOnce((exam: BatchExamRow) => ({
  start: exam.start_date.toISOString(),
  due: exam.due_date.toISOString(),
  created: exam.created_at.toISOString(),
  updated: exam.updated_at.toISOString(),
}));

/**
 * A student's card, made in its final shape from the kept examination, the student's facts and
 * their attempt: what `presentAssessment` makes of the examination `withAttempt` completes, without
 * the two objects in between (the Examinations tab makes thousands a second on exam day). Only
 * students read it (ASSESSMENT_POLICY.sit). What the staff's cards count (enrolments, attempts,
 * evaluations) is none of a student's business and is 0.
 */
export function studentCard(
  exam: BatchExamRow,
  facts: StudentFacts,
  attempt: AttemptRow | undefined,
  user: AuthUser,
  now: Date,
): Assessment {
  const view = ownView(exam, facts, attempt);
  const texts = examTexts(exam);
  const status = effectiveStatus(exam.status, view.due_date, now);
  const hasTaken = Boolean(attempt?.submitted_at);
  return {
    _id: exam.id,
    title: exam.title,
    description: exam.description,
    batch_subject_id: exam.batch_subject_id,
    batch_id: exam.batch_id,
    batch_title: exam.batch_title,
    subject_id: exam.subject_id,
    subject_code: exam.subject_code,
    subject_title: exam.subject_title,
    start_date: texts.start,
    due_date: view.due_date === exam.due_date ? texts.due : view.due_date.toISOString(),
    url: exam.paper_url ?? NO_FILES,
    status,
    questions_count: view.questions_count,
    total_marks: view.total_marks,
    has_upload_questions: exam.has_upload_questions,
    author_id: exam.author_user_id,
    author_name: exam.author_name,
    has_taken: hasTaken,
    exam_state: examCardState(
      {
        has_taken: hasTaken,
        has_started: attempt !== undefined,
        start_date: exam.start_date,
        due_date: view.due_date,
        deadline: view.deadline,
      },
      now,
    ),
    submissions_received: 0,
    submissions_evoluted: 0,
    student_count: 0,
    can_edit: mayTeachBatchSubject(user, { teaches: false }) && isEditable(status),
    can_cancel: mayCancel(user, exam.author_user_id, status),
    duration_minutes: ownMinutes(view.own_seconds),
    shuffle_questions: exam.shuffle_questions,
    shuffle_options: exam.shuffle_options,
    draw_count: exam.draw_count,
    one_at_a_time: exam.one_at_a_time,
    settings_frozen: false,
    created_at: texts.created,
    updated_at: texts.updated,
  };
}

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
    assessments: paged.rows.map((exam) => studentCard(exam, facts, byExam.get(exam.id), user, now)),
    counts,
    page: paged.page,
  };
}
