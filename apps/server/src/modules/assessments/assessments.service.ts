import {
  ASSESSMENT_PAGE_SIZE,
  type Assessment,
  type AssessmentList,
  type AssessmentStatusBody,
  type assessmentListQuerySchema,
  type createAssessmentBodySchema,
  EXAM_GRACE_MS,
  type EXAM_SETTING_FIELDS,
  earliestAssessmentStart,
  formatMessage,
  MESSAGES,
  type updateAssessmentBodySchema,
} from '@portal/shared';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import { assessments, examAttempts, questions } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { pageOf, readPage } from '../../lib/pagination.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { batchSubjectAudience, publishEvent } from '../events/publish.js';
import { laterDueDate } from '../exams/accommodations.repository.js';
import { submitOverdue } from '../exams/overdue.js';
import { effectiveStatus } from './assessment-status.js';
import { isEditable, mayCancel, mayTeachBatchSubject } from './assessments.policy.js';
import { presentAssessment } from './assessments.presenter.js';
import * as repository from './assessments.repository.js';
import { questionPaperLink } from './question-files.js';

type ListQuery = z.output<typeof assessmentListQuerySchema>;
type CreateBody = z.output<typeof createAssessmentBodySchema>;
type UpdateBody = z.output<typeof updateAssessmentBodySchema>;

const readerOf = (user: AuthUser): repository.Reader => ({
  permission: user.permission,
  entityId: user.entityId,
});

/**
 * A live batch subject of the caller's institution that they teach (moderators: any): 404 when
 * their institution has no such batch subject, 403 when a faculty member does not teach it.
 */
export async function assertTeachingBatchSubject(deps: AppDeps, user: AuthUser, batchSubjectId: string) {
  const row = await repository.findBatchSubject(deps.db, institutionOf(user), batchSubjectId, user.entityId);
  if (!row) throw notFound();
  if (!mayTeachBatchSubject(user, row)) throw forbidden();
  return row;
}

/**
 * An assessment of the caller's institution whose batch subject they teach (moderators: any): 404
 * for another institution's or a missing one, 403 for a faculty member who does not teach it.
 */
export async function assessmentForTeacher(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<repository.AssessmentRow> {
  const row = await repository.findAssessment(deps.db, institutionOf(user), readerOf(user), assessmentId);
  if (!row) throw notFound();
  if (!mayTeachBatchSubject(user, row)) throw forbidden();
  return row;
}

export async function getAssessment(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<Assessment> {
  return presentAssessment(await assessmentForTeacher(deps, user, assessmentId), user, deps.clock.now());
}

async function listFor(deps: AppDeps, user: AuthUser, query: ListQuery): Promise<AssessmentList> {
  const institutionId = institutionOf(user);
  const now = deps.clock.now();
  const page = readPage(query, ASSESSMENT_PAGE_SIZE);
  const filters = {
    batchId: query.batch_id,
    batchSubjectId: query.batch_subject_id,
  };
  const reader = readerOf(user);
  const [rows, counts] = await Promise.all([
    repository.listAssessments(deps.db, { institutionId, reader, filters, tab: query.when, now }, page),
    repository.countAssessments(deps.db, { institutionId, reader, filters, now }),
  ]);
  const paged = pageOf(rows, page, (row) => [row.id], counts[query.when]);
  return {
    assessments: paged.rows.map((row) => presentAssessment(row, user, now)),
    counts,
    page: paged.page,
  };
}

/**
 * GET /api/assessments: a moderator's institution's, a faculty member's batch subjects', one tab
 * at a time. A batch subject filter must be one they teach; a batch filter one of the institution.
 */
export async function listAssessments(
  deps: AppDeps,
  user: AuthUser,
  query: ListQuery,
): Promise<AssessmentList> {
  if (query.batch_subject_id) await assertTeachingBatchSubject(deps, user, query.batch_subject_id);
  if (query.batch_id && !(await repository.batchExists(deps.db, institutionOf(user), query.batch_id))) {
    throw notFound();
  }
  return listFor(deps, user, query);
}

/** A new start may not lie before now's 15-minute slot (learning §5). */
function assertStartNotPast(start: Date, now: Date) {
  if (start.getTime() < earliestAssessmentStart(now).getTime()) {
    throw badRequest(MESSAGES.assessmentStartInPast, { start_date: MESSAGES.assessmentStartInPast });
  }
}

/** POST /api/assessments: a draft until its questions are imported (decision 19). */
export async function createAssessment(deps: AppDeps, user: AuthUser, body: CreateBody): Promise<Assessment> {
  const institutionId = institutionOf(user);
  await assertTeachingBatchSubject(deps, user, body.batch_subject_id);
  const start = new Date(body.start_date);
  assertStartNotPast(start, deps.clock.now());
  const paperUrl = await questionPaperLink(deps, user, body.url);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(assessments)
    .values({
      institutionId,
      batchSubjectId: body.batch_subject_id,
      authorUserId: user.userId,
      authorName: user.name,
      title: body.title,
      description: body.description,
      startDate: start,
      dueDate: new Date(body.due_date),
      paperUrl,
      status: 'DRAFTED',
      ...settingsOf(body),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: assessments.id });
  return getAssessment(deps, user, row!.id);
}

/** The settings a body gives (decision 39), as columns; fields left out are not set. */
function settingsOf(body: Partial<Pick<CreateBody, (typeof EXAM_SETTING_FIELDS)[number]>>) {
  return {
    ...(body.duration_minutes !== undefined ? { durationMinutes: body.duration_minutes } : {}),
    ...(body.shuffle_questions !== undefined ? { shuffleQuestions: body.shuffle_questions } : {}),
    ...(body.shuffle_options !== undefined ? { shuffleOptions: body.shuffle_options } : {}),
    ...(body.draw_count !== undefined ? { drawCount: body.draw_count } : {}),
    ...(body.one_at_a_time !== undefined ? { oneAtATime: body.one_at_a_time } : {}),
  };
}

/**
 * Settings change only until the first student starts (409 after, as questions do), and a draw
 * cannot take more questions than the paper holds (400).
 */
async function assertSettingsChangeable(
  tx: Transaction,
  current: typeof assessments.$inferSelect,
  changes: ReturnType<typeof settingsOf>,
) {
  const changed = Object.entries(changes).some(
    ([key, value]) => current[key as keyof typeof changes] !== value,
  );
  if (!changed) return;
  const [attempts] = await tx
    .select({ started: count() })
    .from(examAttempts)
    .where(eq(examAttempts.assessmentId, current.id));
  if ((attempts?.started ?? 0) > 0) throw conflict(MESSAGES.assessmentSettingsFrozen);
  if (changes.drawCount) {
    const [paper] = await tx
      .select({ questions: count() })
      .from(questions)
      .where(eq(questions.assessmentId, current.id));
    assertDrawFits(changes.drawCount, paper?.questions ?? 0);
  }
}

/** A draw of `drawCount` from a paper of `paperSize` questions (none yet: checked at the import). */
export function assertDrawFits(drawCount: number | null, paperSize: number) {
  if (drawCount === null || paperSize === 0 || drawCount <= paperSize) return;
  const message = formatMessage(MESSAGES.examDrawMoreThanPaper, { count: String(paperSize) });
  throw badRequest(message, { draw_count: message });
}

/** The assessment's row, locked for the rest of the transaction (status changes, imports, edits). */
export async function lockAssessment(tx: Transaction, institutionId: string, assessmentId: string) {
  const [row] = await tx
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.institutionId, institutionId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** 409 unless the assessment may still change (DRAFTED or LIVE before its due date). */
export function assertEditable(status: ReturnType<typeof effectiveStatus>) {
  if (!isEditable(status)) throw conflict(formatMessage(MESSAGES.assessmentLocked, { status }));
}

/**
 * PATCH /api/assessments/{id}: title, description, times and question paper; never the batch
 * subject. A changed start may not lie in the past, a changed due date neither, and due stays
 * after start.
 */
export async function updateAssessment(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
  body: UpdateBody,
): Promise<Assessment> {
  const institutionId = institutionOf(user);
  await assessmentForTeacher(deps, user, assessmentId);
  const paperUrl = body.url === undefined ? undefined : await questionPaperLink(deps, user, body.url);
  await deps.db.transaction(async (tx) => {
    const current = await lockAssessment(tx, institutionId, assessmentId);
    const now = deps.clock.now();
    assertEditable(effectiveStatus(current.status, current.dueDate, now));
    const start = body.start_date ? new Date(body.start_date) : current.startDate;
    const due = body.due_date ? new Date(body.due_date) : current.dueDate;
    if (start.getTime() !== current.startDate.getTime()) assertStartNotPast(start, now);
    if (due.getTime() !== current.dueDate.getTime() && due.getTime() < now.getTime()) {
      throw badRequest(MESSAGES.assessmentDueInPast, { due_date: MESSAGES.assessmentDueInPast });
    }
    if (due.getTime() <= start.getTime()) {
      throw badRequest(MESSAGES.assessmentDueBeforeStart, { due_date: MESSAGES.assessmentDueBeforeStart });
    }
    const settings = settingsOf(body);
    await assertSettingsChangeable(tx, current, settings);
    await tx
      .update(assessments)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(paperUrl !== undefined ? { paperUrl } : {}),
        ...settings,
        startDate: start,
        dueDate: due,
        updatedAt: now,
      })
      .where(eq(assessments.id, assessmentId));
    await publishEvent(deps, tx, {
      institutionId,
      kind: 'assessment.changed',
      audience: batchSubjectAudience(current.batchSubjectId),
      refs: { assessment_id: assessmentId, batch_subject_id: current.batchSubjectId },
    });
  });
  return getAssessment(deps, user, assessmentId);
}

/**
 * PATCH /api/assessments/{id}/status. CANCELED: by its author or a moderator, unless evaluated;
 * canceling a canceled one changes nothing. EVOLUTED ("Marks Evaluated"): by its teachers or a
 * moderator, only once CLOSED; it freezes the marks (decision 28).
 */
export async function changeStatus(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
  body: AssessmentStatusBody,
): Promise<Assessment> {
  const institutionId = institutionOf(user);
  const row = await repository.findAssessment(deps.db, institutionId, readerOf(user), assessmentId);
  if (!row) throw notFound();
  const teaching = mayTeachBatchSubject(user, row);
  const isAuthor = row.author_user_id === user.userId;
  if (!teaching && !(body.status === 'CANCELED' && isAuthor)) throw forbidden();
  await deps.db.transaction(async (tx) => {
    const current = await lockAssessment(tx, institutionId, assessmentId);
    const status = effectiveStatus(current.status, current.dueDate, deps.clock.now());
    if (status === body.status) return;
    if (body.status === 'CANCELED') {
      if (status === 'EVOLUTED') throw conflict(formatMessage(MESSAGES.assessmentLocked, { status }));
      if (!mayCancel(user, current.authorUserId, status)) throw forbidden(MESSAGES.onlyAuthorCancels);
    } else if (status !== 'CLOSED') {
      throw conflict(MESSAGES.assessmentNotClosed);
    } else {
      // A student given a later due date may still be sitting it (decision 38).
      const later = await laterDueDate(tx, assessmentId);
      if (later && deps.clock.now().getTime() <= later.getTime() + EXAM_GRACE_MS) {
        throw conflict(MESSAGES.laterDueStillOpen);
      }
      // The confirmation's counts and the frozen marks include the attempts the deadline submitted.
      const paper = {
        id: assessmentId,
        shuffle_questions: current.shuffleQuestions,
        shuffle_options: current.shuffleOptions,
        draw_count: current.drawCount,
      };
      await submitOverdue(deps.db, paper, deps.clock.now(), tx);
    }
    await tx
      .update(assessments)
      .set({ status: body.status, updatedAt: deps.clock.now() })
      .where(eq(assessments.id, assessmentId));
    await publishEvent(deps, tx, {
      institutionId,
      kind: body.status === 'EVOLUTED' ? 'assessment.evaluated' : 'assessment.changed',
      audience: batchSubjectAudience(current.batchSubjectId),
      refs: { assessment_id: assessmentId, batch_subject_id: current.batchSubjectId },
    });
  });
  return presentAssessment(
    (await repository.findAssessment(deps.db, institutionId, readerOf(user), assessmentId))!,
    user,
    deps.clock.now(),
  );
}
