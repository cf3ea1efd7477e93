import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { idSchema } from './common.js';
import { MAX_FACULTY_PER_CALL, MAX_STUDENTS_PER_CALL } from './people.js';
import { personRefSchema } from './subjects.js';

/** A missing id is a missing form field; anything else that is not an id is an invalid one. */
const requiredId = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.fillTheForm : MESSAGES.invalidId,
});

/** POST and DELETE /api/batch-subjects/faculties: assign or remove faculty members. */
export const batchSubjectFacultiesBodySchema = z.object({
  batch_subject_id: requiredId,
  faculty_ids: z
    .array(idSchema, { error: MESSAGES.fillTheForm })
    .min(1, MESSAGES.fillTheForm)
    .max(MAX_FACULTY_PER_CALL)
    .transform((ids) => [...new Set(ids)]),
});
export type BatchSubjectFacultiesBody = z.input<typeof batchSubjectFacultiesBodySchema>;

/** The batch subject's current (active) faculty, by name. */
export const batchSubjectFacultiesSchema = z.object({
  batch_subject_id: z.uuid(),
  faculties: z.array(personRefSchema),
});
export type BatchSubjectFaculties = z.infer<typeof batchSubjectFacultiesSchema>;

/** POST and DELETE /api/batch-subjects/students: add or remove students on a subject. */
export const batchSubjectStudentsBodySchema = z.object({
  batch_subject_id: requiredId,
  student_ids: z
    .array(idSchema, { error: MESSAGES.selectStudents })
    .min(1, MESSAGES.selectStudents)
    .max(MAX_STUDENTS_PER_CALL)
    .transform((ids) => [...new Set(ids)]),
});
export type BatchSubjectStudentsBody = z.input<typeof batchSubjectStudentsBodySchema>;

/** After adding: how many were new on the subject, and its active students now. */
export const studentsAddedSchema = z.object({
  batch_subject_id: z.uuid(),
  added: z.number(),
  student_count: z.number(),
});
export type StudentsAdded = z.infer<typeof studentsAddedSchema>;

/** After removing: how many were removed, and its active students now. */
export const studentsRemovedSchema = z.object({
  batch_subject_id: z.uuid(),
  removed: z.number(),
  student_count: z.number(),
});
export type StudentsRemoved = z.infer<typeof studentsRemovedSchema>;

/** GET /api/batch-subjects/{id}/students?batch_id=: optionally only the students of one batch. */
export const subjectStudentsQuerySchema = z.object({ batch_id: idSchema.optional() });

export const subjectStudentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  batch_id: z.uuid().nullable(),
  batch_title: z.string().nullable(),
});
export type SubjectStudent = z.infer<typeof subjectStudentSchema>;

/** The Add/Remove Student screen: the subject's active students, and the others who could join. */
export const subjectStudentsSchema = z.object({
  enrolled: z.array(subjectStudentSchema),
  available: z.array(subjectStudentSchema),
});
export type SubjectStudents = z.infer<typeof subjectStudentsSchema>;
