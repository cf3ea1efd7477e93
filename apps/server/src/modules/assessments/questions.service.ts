import {
  type AssessmentQuestions,
  type ImportAssessmentQuestionsBody,
  MESSAGES,
  type PreviewQuestionsBody,
  type QuestionFilePreview,
} from '@portal/shared';
import { count, eq } from 'drizzle-orm';
import { assessments, examAttempts } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { conflict } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { batchSubjectAudience, publishEvent } from '../events/publish.js';
import { effectiveStatus } from './assessment-status.js';
import { presentAssessment } from './assessments.presenter.js';
import type { AssessmentRow } from './assessments.repository.js';
import {
  assertDrawFits,
  assertEditable,
  assessmentForTeacher,
  lockAssessment,
} from './assessments.service.js';
import { assertImportable, parseStoredQuestionFile, presentPreview } from './question-files.js';
import { loadQuestions, replaceQuestions } from './questions.repository.js';

/** GET /api/assessment-questions/{id}/assessment-id: the assessment and its questions, right answers marked. */
export async function listAssessmentQuestions(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<AssessmentQuestions> {
  const row = await assessmentForTeacher(deps, user, assessmentId);
  return {
    assessment: presentAssessment(row, user, deps.clock.now()),
    questions: await loadQuestions(deps.db, { assessmentId }),
  };
}

/**
 * 409 when the assessment's questions can no longer be replaced: it is canceled or evaluated, its
 * due date has passed, or a student has started it (their answers refer to the questions).
 */
function assertQuestionsReplaceable(status: ReturnType<typeof effectiveStatus>, attemptsStarted: number) {
  if (status === 'CLOSED') throw conflict(MESSAGES.assessmentPastDue);
  assertEditable(status);
  if (attemptsStarted > 0) throw conflict(MESSAGES.assessmentQuestionsFrozen);
}

/**
 * POST /api/assessment-questions/preview: the file parsed, every question and problem, nothing
 * written. With `assessment_id`, the assessment must be one the caller teaches.
 */
export async function previewAssessmentQuestions(
  deps: AppDeps,
  user: AuthUser,
  body: PreviewQuestionsBody,
): Promise<QuestionFilePreview> {
  institutionOf(user);
  if (body.assessment_id) await assessmentForTeacher(deps, user, body.assessment_id);
  return presentPreview(await parseStoredQuestionFile(deps, user, body.csv_url));
}

/**
 * POST /api/assessment-questions/csv: the file's questions REPLACE the assessment's, all or
 * nothing, and a draft becomes LIVE (decision 19). Replacing, not appending: a question file is
 * the whole paper, so importing a corrected file after seeing a mistake gives the paper the
 * preview showed, never the old questions twice. Refused once a student has started the
 * assessment, or once it is past due, canceled or evaluated.
 */
export async function importAssessmentQuestions(
  deps: AppDeps,
  user: AuthUser,
  body: ImportAssessmentQuestionsBody,
): Promise<AssessmentQuestions> {
  const institutionId = institutionOf(user);
  const assessmentId = body.assessment_id;
  const before: AssessmentRow = await assessmentForTeacher(deps, user, assessmentId);
  assertQuestionsReplaceable(
    effectiveStatus(before.status, before.due_date, deps.clock.now()),
    before.attempts_started,
  );
  const parsed = await parseStoredQuestionFile(deps, user, body.csv_url);
  assertImportable(parsed, body.skip_problems === true);
  await deps.db.transaction(async (tx) => {
    // Checked again under the row lock: a start, a cancel or the deadline may have come meanwhile.
    const current = await lockAssessment(tx, institutionId, assessmentId);
    const [attempts] = await tx
      .select({ started: count() })
      .from(examAttempts)
      .where(eq(examAttempts.assessmentId, assessmentId));
    assertQuestionsReplaceable(
      effectiveStatus(current.status, current.dueDate, deps.clock.now()),
      attempts?.started ?? 0,
    );
    // A draw must fit the paper (decision 39).
    assertDrawFits(current.drawCount, parsed.questions.length);
    await replaceQuestions(tx, institutionId, { assessmentId }, parsed.questions);
    await tx
      .update(assessments)
      .set({ status: 'LIVE', updatedAt: deps.clock.now() })
      .where(eq(assessments.id, assessmentId));
    await publishEvent(deps, tx, {
      institutionId,
      kind: current.status === 'LIVE' ? 'assessment.changed' : 'assessment.published',
      audience: batchSubjectAudience(current.batchSubjectId),
      refs: { assessment_id: assessmentId, batch_subject_id: current.batchSubjectId },
    });
  });
  return listAssessmentQuestions(deps, user, assessmentId);
}
