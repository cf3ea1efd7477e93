import {
  type AccommodationList,
  type accommodationBodySchema,
  formatMessage,
  MESSAGES,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { effectiveStatus } from '../assessments/assessment-status.js';
import type { AssessmentRow } from '../assessments/assessments.repository.js';
import { assessmentForTeacher } from '../assessments/assessments.service.js';
import * as repository from './accommodations.repository.js';

type AccommodationBody = z.output<typeof accommodationBodySchema>;

/**
 * Per-student accommodations (decision 38): extra time and/or a later due date for one
 * examination, given by a moderator or a teacher of its batch subject (`assessmentForTeacher`:
 * 404 for another institution's, 403 for a faculty member who does not teach it), to a student
 * who sits it. Staff-only: students have no route to them; their own clock carries them.
 */

async function listFor(deps: AppDeps, row: AssessmentRow): Promise<AccommodationList> {
  const [accommodations, students] = await Promise.all([
    repository.listAccommodations(deps.db, row.id),
    repository.enrolledStudents(deps.db, row.batch_subject_id, row.batch_id),
  ]);
  return {
    assessment_id: row.id,
    duration_minutes: row.duration_minutes,
    due_date: row.due_date.toISOString(),
    accommodations: accommodations.map((accommodation) => ({
      student_id: accommodation.student_id,
      student_name: accommodation.student_name,
      extra_minutes: accommodation.extra_minutes,
      extra_percent: accommodation.extra_percent,
      due_date: accommodation.due_date?.toISOString() ?? null,
      updated_at: accommodation.updated_at.toISOString(),
    })),
    students: students.map((student) => ({
      _id: student.id,
      name: student.name,
      extra_time_percent: student.extra_time_percent,
    })),
  };
}

/** GET /api/assessments/{id}/accommodations. */
export async function listAccommodations(
  deps: AppDeps,
  user: AuthUser,
  assessmentId: string,
): Promise<AccommodationList> {
  return listFor(deps, await assessmentForTeacher(deps, user, assessmentId));
}

/**
 * The assessment, if accommodations may still change (not once canceled or evaluated: 409), and
 * the student, who must sit it (else 404).
 */
async function changeable(deps: AppDeps, user: AuthUser, assessmentId: string, studentId: string) {
  const row = await assessmentForTeacher(deps, user, assessmentId);
  const status = effectiveStatus(row.status, row.due_date, deps.clock.now());
  if (status === 'EVOLUTED' || status === 'CANCELED') {
    throw conflict(formatMessage(MESSAGES.assessmentLocked, { status }));
  }
  const students = await repository.enrolledStudents(deps.db, row.batch_subject_id, row.batch_id);
  if (!students.some((student) => student.id === studentId)) throw notFound();
  return row;
}

/** PUT /api/assessments/{id}/accommodations/{studentId}: gives or replaces the student's accommodation. */
export async function saveAccommodation(
  deps: AppDeps,
  user: AuthUser,
  ids: { assessmentId: string; studentId: string },
  body: AccommodationBody,
): Promise<AccommodationList> {
  const row = await changeable(deps, user, ids.assessmentId, ids.studentId);
  const dueDate = body.due_date === null ? null : new Date(body.due_date);
  if (dueDate && dueDate.getTime() <= row.due_date.getTime()) {
    throw badRequest(MESSAGES.accommodationDueNotLater, { due_date: MESSAGES.accommodationDueNotLater });
  }
  await repository.saveAccommodation(deps.db, {
    institutionId: institutionOf(user),
    assessmentId: row.id,
    studentId: ids.studentId,
    extraMinutes: body.extra_minutes,
    extraPercent: body.extra_percent,
    dueDate,
    userId: user.userId,
    now: deps.clock.now(),
  });
  return listFor(deps, row);
}

/** DELETE /api/assessments/{id}/accommodations/{studentId}: 404 when the student has none. */
export async function removeAccommodation(
  deps: AppDeps,
  user: AuthUser,
  ids: { assessmentId: string; studentId: string },
): Promise<AccommodationList> {
  const row = await changeable(deps, user, ids.assessmentId, ids.studentId);
  if (!(await repository.removeAccommodation(deps.db, row.id, ids.studentId))) throw notFound();
  return listFor(deps, row);
}
