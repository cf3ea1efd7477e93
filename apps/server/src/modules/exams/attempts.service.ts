import {
  type ExamQuestion,
  type ExamSheet,
  type ExamSubmitted,
  MESSAGES,
  type Question,
  type SavedAnswerResult,
  type saveAnswerBodySchema,
  type submitExamBodySchema,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findStoredFile } from '../uploads/stored-files.js';
import { answerFor } from './answer-rules.js';
import type { SavedAnswerRow, StudentExamRow, SubmittedAnswer } from './attempts.repository.js';
import * as repository from './attempts.repository.js';
import { deadlineOf } from './deadline.js';
import { examWindow, mayAnswer, mayStart, timeLeftMs } from './exams.policy.js';
import {
  presentAttempt,
  presentExamHeader,
  presentSavedAnswer,
  withoutRightAnswers,
} from './exams.presenter.js';
import { studentOrder, studentPaper } from './paper-order.js';
import { examOfAttempt, examOfStudent } from './student-exams.js';

type SaveBody = z.output<typeof saveAnswerBodySchema>;
type SubmitBody = z.output<typeof submitExamBodySchema>;

/**
 * An examination the student may sit or read (enrolled, LIVE/CLOSED or EVOLUTED), else 404: from
 * the parts kept in memory (student-exams.ts), so an exam day's requests read no rows for it.
 */
async function studentExam(deps: AppDeps, user: AuthUser, assessmentId: string) {
  const exam = await examOfStudent(deps, user, assessmentId);
  if (!exam) throw notFound();
  return exam;
}

/**
 * One of the student's own attempts with its examination, else 404; an attempt not among the kept
 * ones (a start of another tab not yet seen here) is looked up in the database.
 */
export async function ownAttempt(deps: AppDeps, user: AuthUser, attemptId: string) {
  const exam =
    (await examOfAttempt(deps, user, attemptId)) ??
    (await repository.findAttemptExam(deps.db, institutionOf(user), user.entityId, attemptId));
  if (!exam) throw notFound();
  return exam;
}

/** Why the window refuses: not started yet, or over. */
function windowClosed(window: ReturnType<typeof examWindow>) {
  return conflict(window === 'before' ? MESSAGES.examNotStarted : MESSAGES.examTimeOver);
}

/**
 * POST /api/assessment-attempts: the caller's attempt, created only from the start to the
 * student's own due date of a LIVE examination with questions; a second (or parallel) start
 * answers the same one. It answers the sheet too (the student's paper, the saved answers, the time
 * left), so a student starts in one request.
 */
export async function startExam(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<{ sheet: ExamSheet; created: boolean }> {
  const exam = await studentExam(deps, user, assessmentId);
  const now = deps.clock.now();
  // A second start (a reload, another tab) finds the attempt in the exam's row: nothing to write.
  if (exam.attempt_id !== null) return { sheet: await sheetOf(deps, exam), created: false };
  if (exam.status !== 'LIVE' || exam.questions_count === 0) throw conflict(MESSAGES.examNotLive);
  const window = examWindow(exam.start_date, exam.deadline, now);
  if (!mayStart(window)) throw windowClosed(window);
  const { id, created, startedAt, seed } = await repository.startAttempt(deps.db, {
    institutionId: institutionOf(user),
    assessmentId,
    studentId: user.entityId,
    now,
  });
  // A parallel start of the same student may have won the insert: read what it wrote.
  if (!created) {
    const theirs = await repository.findAttemptExam(deps.db, institutionOf(user), user.entityId, id);
    return { sheet: await sheetOf(deps, theirs!), created };
  }
  const started = {
    ...exam,
    attempt_id: id,
    started_at: startedAt,
    deadline: deadlineOf(exam.due_date, exam.own_seconds, startedAt),
    submitted_at: null,
    auto_submitted: false,
    seed,
  };
  return { sheet: await sheetOf(deps, started, []), created };
}

/** GET /api/assessment-attempts/{id}: the paper without right answers, the saved answers and the time left. */
export async function getExamSheet(deps: AppDeps, user: AuthUser, attemptId: string): Promise<ExamSheet> {
  return sheetOf(deps, await ownAttempt(deps, user, attemptId));
}

// The paper as its students see it (no right answers): made once per examination and shared. Its
// questions cannot change once someone has started (assessmentQuestionsFrozen).
const examPapers = ttlCache<ExamQuestion[]>({ ttlMs: 60_000, maxEntries: 2_000 });

/** After a regrade (new marks): the paper is made again in this process. */
export function forgetExamPaper(deps: AppDeps, assessmentId: string) {
  examPapers.forget(deps.db, assessmentId);
  repository.forgetExamQuestions(deps.db, assessmentId);
}

const examPaper = (deps: AppDeps, assessmentId: string) =>
  examPapers.get(deps.db, assessmentId, async () =>
    (await repository.examQuestions(deps.db, assessmentId)).map(withoutRightAnswers),
  );

/** The sheet of an exam row with its attempt; `saved` when known (a new attempt has none). */
async function sheetOf(deps: AppDeps, exam: StudentExamRow, saved?: SavedAnswerRow[]): Promise<ExamSheet> {
  const [paper, answers] = await Promise.all([
    examPaper(deps, exam.id),
    saved ?? repository.savedAnswers(deps.db, exam.attempt_id!),
  ]);
  // The student's own order and draw, from the attempt's seed (decision 39).
  const questions = studentPaper(paper, exam, exam.seed);
  return {
    assessment: presentExamHeader(exam, questions),
    attempt: presentAttempt(exam, deps.clock.now()),
    questions,
    answers: answers.map(presentSavedAnswer),
    upload_allowed: !exam.upload_not_allowed,
  };
}

/**
 * Answer sheets must be the student's own `answer_sheet` uploads of their institution (never
 * another student's file, nor an outside link); a student refused uploads is told to hand the
 * sheet in at school.
 */
async function assertOwnAnswerSheets(
  deps: AppDeps,
  user: AuthUser,
  uploadNotAllowed: boolean,
  urls: readonly string[],
  field: string,
) {
  if (urls.length === 0) return;
  if (uploadNotAllowed) throw forbidden(MESSAGES.submitAnswerSheetInSchool);
  for (const url of urls) {
    const key = deps.storage.keyOf(url);
    const file = key ? await findStoredFile(deps.db, key) : undefined;
    const own =
      file?.kind === 'answer_sheet' &&
      file.uploadedBy === user.userId &&
      file.institutionId === user.institutionId;
    if (!own) throw badRequest(MESSAGES.answerSheetNotOwnFile, { [field]: MESSAGES.answerSheetNotOwnFile });
  }
}

function questionOf(questions: readonly Question[], questionId: string, field: string) {
  const question = questions.find((candidate) => candidate._id === questionId);
  if (!question) throw badRequest(MESSAGES.examQuestionUnknown, { [field]: MESSAGES.examQuestionUnknown });
  return question;
}

/**
 * The questions of the student's paper (a drawn paper's only; order does not matter here), and
 * the drawn ids (null: the whole paper).
 */
async function papersQuestions(deps: AppDeps, exam: StudentExamRow, seed: number | null) {
  const questions = await repository.examQuestions(deps.db, exam.id);
  if (exam.draw_count === null || seed === null) return { questions, drawn: null };
  const drawn = studentOrder(questions, { ...exam, shuffle_questions: false, shuffle_options: false }, seed);
  const ids = new Set(drawn.questionIds);
  return { questions: questions.filter((question) => ids.has(question._id)), drawn: drawn.questionIds };
}

/**
 * PUT /api/assessment-attempts/{id}/answers/{questionId}: autosaves one answer. After the submit,
 * or once due + 60 s has passed, 409 and nothing changes (decision 26).
 */
export async function saveExamAnswer(
  deps: AppDeps,
  user: AuthUser,
  ids: { attemptId: string; questionId: string },
  body: SaveBody,
): Promise<SavedAnswerResult> {
  const exam = await ownAttempt(deps, user, ids.attemptId);
  const { questions } = await papersQuestions(deps, exam, exam.seed);
  const question = questionOf(questions, ids.questionId, 'questionId');
  const answer = { ...answerFor(question, body), markedForReview: body.marked_for_review };
  await assertOwnAnswerSheets(deps, user, exam.upload_not_allowed, answer.fileUrls, 'file_urls');
  const now = deps.clock.now();
  const saved = await repository.saveAnswer(deps.db, ids.attemptId, answer, now);
  if (!saved) {
    const current = await ownAttempt(deps, user, ids.attemptId);
    if (current.submitted_at) throw conflict(MESSAGES.alreadySubmitted);
    throw conflict(MESSAGES.examTimeOver);
  }
  return { answer: presentSavedAnswer(saved), time_left_ms: timeLeftMs(exam.deadline, now) };
}

/**
 * POST /api/assessment-submissions: once per student, from the start until their own deadline +
 * 60 s grace, in ONE statement (`submitAttempt`; with the start, when there was none, in one
 * transaction) (decisions 21, 26 and 38). The payload's answers replace the saved ones; questions
 * it leaves out keep their saved answer. A repeat answers 409 'Already Submitted!' and changes
 * nothing; parallel submits are serialised by the attempt's row lock.
 */
export async function submitExam(deps: AppDeps, user: AuthUser, body: SubmitBody): Promise<ExamSubmitted> {
  const exam = await studentExam(deps, user, body.assessment_id);
  if (exam.batch_subject_id !== body.batch_subject_id) throw notFound();
  if (exam.submitted_at) throw conflict(MESSAGES.alreadySubmitted);
  // Only the questions of the student's paper may be answered; a drawn paper not yet started has none.
  const { questions, drawn } = await papersQuestions(deps, exam, exam.seed);
  const answerable = exam.attempt_id === null && exam.draw_count !== null ? [] : questions;
  const answers: SubmittedAnswer[] = [];
  const answered = new Set<string>();
  for (const [index, item] of body.submissions.entries()) {
    const field = `submissions.${index}`;
    if (answered.has(item.question_id)) {
      throw badRequest(MESSAGES.examQuestionAnsweredTwice, { [field]: MESSAGES.examQuestionAnsweredTwice });
    }
    answered.add(item.question_id);
    const answer = answerFor(questionOf(answerable, item.question_id, field), item, field);
    await assertOwnAnswerSheets(deps, user, exam.upload_not_allowed, answer.fileUrls, field);
    const savedAt = typeof item.saved_at === 'string' ? new Date(item.saved_at) : item.saved_at;
    answers.push({ ...answer, savedAt });
  }
  const now = deps.clock.now();
  const window = examWindow(exam.start_date, exam.deadline, now);
  if (exam.attempt_id === null && exam.status !== 'LIVE') throw conflict(MESSAGES.examNotLive);
  if (!mayAnswer(window)) throw windowClosed(window);
  const auto = now.getTime() > exam.deadline.getTime();
  const submission = { assessmentId: exam.id, now, auto, answers };
  const attempt =
    exam.attempt_id === null
      ? await deps.db.transaction(async (tx) => {
          // A submit without a start creates the attempt (the unique index makes a parallel one find it).
          const [started] = await repository.insertAttempts(tx, [
            { institutionId: institutionOf(user), assessmentId: exam.id, studentId: user.entityId, now },
          ]);
          const { drawn: paper } = await papersQuestions(deps, exam, started!.seed);
          return repository.submitAttempt(tx, { ...submission, attemptId: started!.id, paper });
        })
      : await repository.submitAttempt(deps.db, { ...submission, attemptId: exam.attempt_id, paper: drawn });
  if (!attempt) throw conflict(MESSAGES.alreadySubmitted);
  const submitted = {
    ...exam,
    attempt_id: attempt.id,
    started_at: attempt.started_at,
    submitted_at: now,
    auto_submitted: auto,
  };
  return { attempt: presentAttempt(submitted, deps.clock.now()) };
}
