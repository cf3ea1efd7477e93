import {
  dateTimeText,
  fileSlug,
  formatMessage,
  LABELS,
  type MarksReport,
  type Question,
} from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { toCsv } from '../../lib/csv.js';
import { institutionTimeZone } from '../../lib/institution-day.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';
import { upToDateReplica } from '../../lib/replica.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentAssessment } from '../assessments/assessments.presenter.js';
import { loadQuestions } from '../assessments/questions.repository.js';
import { roundMarks } from '../assessments/scoring.js';
import { type ShownOrder, shownOrder } from './evaluation.presenter.js';
import { assessmentToEvaluate } from './evaluation.service.js';
import { type MarksAnswer, marksRows } from './marks-report.repository.js';
import { drawnPaperSize } from './paper-order.js';

/** Options are lettered A, B, C… by position (decision 18). */
const letter = (position: number) => String.fromCharCode(64 + position);

function lettersOf(question: Question, optionIds: readonly string[], shown: ShownOrder | null) {
  const chosen = question.answers.filter((option) => optionIds.includes(option._id));
  const letters = chosen.map((option) => letter(option.position)).join('|');
  // Shuffled options: the student's own letters noted beside the paper's (decision 39).
  const theirs = chosen.map((option) => shown?.optionPosition.get(option._id));
  if (chosen.length === 0 || theirs.some((position) => position === undefined)) return letters;
  const own = theirs.map((position) => letter(position!)).join('|');
  return own === letters ? letters : `${letters} (${formatMessage(LABELS.evalShownLetter, { letter: own })})`;
}

const rightLetters = (question: Question) =>
  question.answers
    .filter((option) => option.correct)
    .map((option) => letter(option.position))
    .join('|');

/** What a cell shows: the chosen letters, the text, or nothing (an upload shows its file count). */
function answerText(question: Question, answer: MarksAnswer | undefined, shown: ShownOrder | null) {
  if (!answer) return '';
  if (question.type === 'TEXT') return answer.answer_text ?? '';
  if (question.type === 'UPLOAD') return '';
  return lettersOf(question, answer.option_ids, shown);
}

/** Percent of the total to 2 decimals (learning §9); 0 for a paper without marks. */
const percentOf = (scored: number, total: number) => (total > 0 ? roundMarks((scored / total) * 100) : 0);

/**
 * GET /api/assessment-submissions/marks/{id}: the table of `/assessment/marks`, one row per
 * submission (overdue attempts submitted first), with the header's right answers and the figures
 * the PDF shows.
 */
export async function marksReport(deps: AppDeps, user: AuthUser, assessmentId: string): Promise<MarksReport> {
  const row = await assessmentToEvaluate(deps, user, assessmentId);
  // The rows from the replica once it has the overdue attempts just submitted (lib/replica.ts).
  const reader = await upToDateReplica(deps);
  const [questions, submissions] = await Promise.all([
    loadQuestions(reader, { assessmentId: row.id }),
    marksRows(reader, row.id),
  ]);
  // Each student's paper is worth the same, a drawn one too (decision 39).
  const total = drawnPaperSize(
    questions.map((question) => question.weightage),
    row.draw_count,
  ).total;
  const rows = submissions.map((submission, index) => {
    const byQuestion = new Map(submission.answers.map((answer) => [answer.question_id, answer]));
    const shown = shownOrder(questions, row, submission.seed);
    const cells = questions.map((question) => {
      const answer = byQuestion.get(question._id);
      return {
        question_id: question._id,
        answer: answerText(question, answer, shown),
        correct: answer?.correct ?? null,
        scored_point: answer?.scored_point ?? null,
        files: answer?.files ?? 0,
      };
    });
    const scored = roundMarks(cells.reduce((sum, cell) => sum + (cell.scored_point ?? 0), 0));
    return {
      sl_no: index + 1,
      student_id: submission.student_id,
      name: submission.name,
      cells,
      scored,
      percentage: percentOf(scored, total),
      assessor: submission.assessor,
      number_of_files: cells.reduce((sum, cell) => sum + cell.files, 0),
    };
  });
  // From the scores, not the rounded percentages, so rounding is done once.
  const average = rows.length
    ? percentOf(
        rows.reduce((sum, entry) => sum + entry.scored, 0),
        total * rows.length,
      )
    : 0;
  return {
    assessment: presentAssessment(row, user, deps.clock.now()),
    institution_name: user.institutionTitle ?? '',
    questions: questions.map((question, index) => ({
      _id: question._id,
      label: `Q${index + 1}`,
      type: question.type,
      weightage: question.weightage,
      correct_answer: rightLetters(question),
    })),
    rows,
    student_count: row.student_count,
    participant_count: rows.length,
    total_marks: total,
    average_percentage: average,
  };
}

/** The table as the screen shows it: a cell is the answer, else the marks. */
function tableOf(report: MarksReport) {
  const header = [
    LABELS.marksSlNo,
    LABELS.marksName,
    ...report.questions.map((q) => q.label),
    LABELS.marksScored,
    LABELS.marksPercent,
    LABELS.marksAssessor,
    LABELS.marksFiles,
  ];
  const answers = [
    '',
    LABELS.marksCorrectAnswers,
    ...report.questions.map((q) => q.correct_answer),
    '',
    '',
    '',
    '',
  ];
  const body = report.rows.map((row) => [
    String(row.sl_no),
    row.name,
    ...row.cells.map((cell) => cell.answer || (cell.scored_point === null ? '' : String(cell.scored_point))),
    String(row.scored),
    row.percentage.toFixed(2),
    row.assessor ?? '',
    String(row.number_of_files),
  ]);
  return { header, answers, body };
}

/** The marks report as CSV: the header, the right answers, then one line per submission. */
export async function marksReportCsv(deps: AppDeps, user: AuthUser, assessmentId: string) {
  const report = await marksReport(deps, user, assessmentId);
  const { header, answers, body } = tableOf(report);
  const csv = toCsv([header, answers, ...body]);
  return { csv, filename: `marks-${fileSlug(report.assessment.title, 'assessment')}.csv` };
}

/** The marks report as a PDF (template `marksReport`). */
export async function marksReportPdf(deps: AppDeps, user: AuthUser, assessmentId: string) {
  const report = await marksReport(deps, user, assessmentId);
  const timeZone = await institutionTimeZone(deps, institutionOf(user));
  const startDate = dateTimeText(report.assessment.start_date, timeZone);
  const pdf = await renderPdfTemplate('marksReport', {
    institution: report.institution_name,
    batch: report.assessment.batch_title,
    assessment: report.assessment.title,
    questionCount: report.questions.length,
    studentCount: report.student_count,
    participantCount: report.participant_count,
    startDate,
    totalMarks: report.total_marks,
    averagePercentage: report.average_percentage.toFixed(2),
    table: tableOf(report),
    wrong: report.rows.map((row) => row.cells.map((cell) => cell.correct === false)),
  });
  return { pdf, filename: `marks-${fileSlug(report.assessment.title, 'assessment')}.pdf` };
}
