import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../plugins/auth.js';
import { presentAssessment } from '../assessments/assessments.presenter.js';
import { studentCard } from './own-exam-list.js';
import { type AttemptRow, type BatchExamRow, type StudentFacts, withAttempt } from './student-exams.js';

/**
 * The Examinations tab makes each student's card in one step (`studentCard`); it must say exactly
 * what the general presenter says of the same examination completed with the student's attempt,
 * their own due date and clock, in every state a card can be in.
 */
const at = (time: string) => new Date(`2026-11-20T${time}Z`);

const exam = (overrides: Partial<BatchExamRow> = {}): BatchExamRow => ({
  id: 'a1',
  batch_subject_id: 'bs1',
  batch_id: 'b1',
  batch_title: 'Batch A',
  subject_id: 's1',
  subject_code: 'MAT',
  subject_title: 'Mathematics',
  title: 'Unit test',
  description: 'Chapters 1-3',
  start_date: at('10:00:00'),
  due_date: at('12:00:00'),
  paper_url: null,
  status: 'LIVE',
  author_user_id: 'u-faculty',
  author_name: 'Asha',
  questions_count: 3,
  total_marks: 6,
  has_upload_questions: false,
  weights: [1, 2, 3],
  duration_minutes: 45,
  shuffle_questions: true,
  shuffle_options: false,
  draw_count: null,
  one_at_a_time: false,
  created_at: at('08:00:00'),
  updated_at: at('09:00:00'),
  ...overrides,
});

const facts = (overrides: Partial<StudentFacts> = {}): StudentFacts => ({
  batchId: 'b1',
  uploadNotAllowed: false,
  enrolled: ['bs1'],
  extraTimePercent: 0,
  accommodations: {},
  attempts: [],
  ...overrides,
});

const attempt = (overrides: Partial<AttemptRow> = {}): AttemptRow => ({
  id: 'at1',
  assessment_id: 'a1',
  started_at: at('10:30:00'),
  submitted_at: null,
  auto_submitted: false,
  seed: 7,
  ...overrides,
});

const student = { permission: 'student', userId: 'u-student' } as AuthUser;

/** The general way: the student's examination, as a row of the staff's list, presented. */
function presented(row: BatchExamRow, own: StudentFacts, sitting: AttemptRow | undefined, now: Date) {
  const completed = withAttempt(row, own, sitting);
  return presentAssessment(
    {
      ...completed,
      attempts_started: 0,
      submissions_received: 0,
      submissions_evoluted: 0,
      student_count: 0,
      has_taken: completed.submitted_at !== null,
      has_started: completed.attempt_id !== null,
      teaches: false,
    },
    student,
    now,
  );
}

const cases: [string, BatchExamRow, StudentFacts, AttemptRow | undefined, Date][] = [
  ['before its start', exam(), facts(), undefined, at('09:59:59')],
  ['open, not started', exam(), facts(), undefined, at('10:00:00')],
  ['started, inside the clock', exam(), facts(), attempt(), at('11:00:00')],
  ['started, past the clock and the grace', exam(), facts(), attempt(), at('11:20:00')],
  ['submitted', exam(), facts(), attempt({ submitted_at: at('10:50:00') }), at('11:00:00')],
  ['missed, past due', exam(), facts(), undefined, at('12:00:01')],
  [
    'evaluated',
    exam({ status: 'EVOLUTED' }),
    facts(),
    attempt({ submitted_at: at('10:50:00') }),
    at('13:00:00'),
  ],
  ['without a duration', exam({ duration_minutes: null }), facts(), attempt(), at('11:59:00')],
  ['a drawn paper', exam({ draw_count: 2, paper_url: 'papers/one.pdf' }), facts(), undefined, at('10:10:00')],
  ['standing extra time', exam(), facts({ extraTimePercent: 33.33 }), attempt(), at('11:15:00')],
  [
    'an accommodation with a later due date',
    exam(),
    facts({
      accommodations: {
        a1: { extra_minutes: 10, extra_percent: 50, due_date: at('13:00:00').toISOString() },
      },
    }),
    undefined,
    at('12:30:00'),
  ],
  [
    'an accommodation without a later due date',
    exam(),
    facts({ accommodations: { a1: { extra_minutes: 5, extra_percent: null, due_date: null } } }),
    attempt(),
    at('11:10:00'),
  ],
];

describe('a student’s examination card', () => {
  it.each(cases)('is what the general presenter makes of it: %s', (_name, row, own, sitting, now) => {
    expect(studentCard(row, own, sitting, student, now)).toEqual(presented(row, own, sitting, now));
  });

  it('writes a later own due date, not the examination’s', () => {
    const own = facts({
      accommodations: {
        a1: { extra_minutes: 0, extra_percent: null, due_date: at('13:00:00').toISOString() },
      },
    });
    const card = studentCard(exam(), own, undefined, student, at('12:30:00'));
    expect(card).toMatchObject({
      due_date: at('13:00:00').toISOString(),
      status: 'LIVE',
      exam_state: 'start',
    });
  });
});
