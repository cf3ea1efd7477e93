import { LEAVES_PER_MINUTE, type LeaveEventBody, type LeaveLog, MESSAGES } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { conflict, TooManyAttemptsError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { ownAttempt } from './attempts.service.js';
import * as repository from './leaves.repository.js';

/**
 * POST /api/assessment-attempts/{id}/leaves: the exam page was hidden or lost focus ("left"), or
 * came back ("back"), logged against the student's own attempt (404 for anyone else's) by the
 * server's clock while the attempt is open (409 after). A student opens at most
 * LEAVES_PER_MINUTE absences a minute (429 beyond).
 */
export async function recordLeave(
  deps: AppDeps,
  user: AuthUser,
  attemptId: string,
  body: LeaveEventBody,
): Promise<{ recorded: boolean }> {
  const exam = await ownAttempt(deps, user, attemptId);
  const outcome = await repository.recordLeave(
    deps.db,
    attemptId,
    body.event,
    deps.clock.now(),
    LEAVES_PER_MINUTE,
  );
  if (!outcome.open) throw conflict(exam.submitted_at ? MESSAGES.alreadySubmitted : MESSAGES.examTimeOver);
  if (body.event === 'left' && !outcome.recorded && outcome.recent >= LEAVES_PER_MINUTE) {
    throw new TooManyAttemptsError(60, MESSAGES.leavesTooMany);
  }
  return { recorded: outcome.recorded };
}

const MINUTE_MS = 60_000;

/**
 * What the evaluator sees of a submission: each absence, how many, and the minutes away in all
 * (an absence never closed counts until the submission).
 */
export async function leaveLog(deps: AppDeps, attemptId: string, submittedAt: Date): Promise<LeaveLog> {
  const leaves = await repository.leavesOf(deps.db, attemptId);
  const away = leaves.reduce(
    (sum, leave) => sum + Math.max(0, (leave.back_at ?? submittedAt).getTime() - leave.left_at.getTime()),
    0,
  );
  return {
    count: leaves.length,
    minutes: Math.round((away / MINUTE_MS) * 10) / 10,
    leaves: leaves.map((leave) => ({
      left_at: leave.left_at.toISOString(),
      back_at: leave.back_at?.toISOString() ?? null,
    })),
  };
}
