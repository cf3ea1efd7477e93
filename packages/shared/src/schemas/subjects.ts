import { z } from 'zod';
import { SUBJECT_LOGOS } from '../constants.js';
import { formatMessage, MESSAGES } from '../messages.js';
import { academicYearSchema, idSchema, isLogoLink, requiredText } from './common.js';

export const subjectSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  code: z.string(),
  subject_logo: z.enum(SUBJECT_LOGOS),
  subject_logo_url: z.string().nullable(),
});
export type Subject = z.infer<typeof subjectSchema>;

const subjectFields = {
  title: requiredText(MESSAGES.fillTheForm, 150),
  description: z
    .string()
    .trim()
    .max(2000, formatMessage(MESSAGES.atMostCharacters, { max: '2000' })),
  code: requiredText(MESSAGES.fillTheForm, 30),
  subject_logo: z.enum(SUBJECT_LOGOS),
  // Empty is no picture.
  subject_logo_url: z
    .string()
    .trim()
    .max(2000, formatMessage(MESSAGES.atMostCharacters, { max: '2000' }))
    .refine((value) => value === '' || isLogoLink(value), MESSAGES.logoLinkInvalid)
    .nullish(),
};

export const createSubjectBodySchema = z.object({
  ...subjectFields,
  description: subjectFields.description.default(''),
  subject_logo: subjectFields.subject_logo.default('others'),
});
export type CreateSubjectBody = z.infer<typeof createSubjectBodySchema>;

/**
 * Editing a batch subject edits its subject's fields. No defaults here: a field left out of a
 * PATCH keeps its value instead of being reset.
 */
export const updateBatchSubjectBodySchema = z.object(subjectFields).partial();
export type UpdateBatchSubjectBody = z.infer<typeof updateBatchSubjectBodySchema>;

export const idsQuerySchema = z.object({
  ids: z
    .string()
    .default('')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(idSchema).max(500)),
});

export const createBatchSubjectsBodySchema = z.object({
  batch_id: idSchema,
  subject_ids: z.array(idSchema).min(1, MESSAGES.fillTheForm).max(100),
});

export const personRefSchema = z.object({ _id: z.uuid(), name: z.string() });

/** A subject as taught to one batch, with the counts its card shows. */
export const batchSubjectSchema = z.object({
  _id: z.uuid(),
  batch_id: z.uuid(),
  subject_id: z.uuid(),
  subject_title: z.string(),
  subject_description: z.string(),
  subject_code: z.string(),
  subject_logo: z.enum(SUBJECT_LOGOS),
  subject_logo_url: z.string().nullable(),
  batch_title: z.string(),
  academic_year: z.string(),
  faculties: z.array(personRefSchema),
  student_count: z.number(),
  faculty_count: z.number(),
  chapter_count: z.number(),
});
export type BatchSubject = z.infer<typeof batchSubjectSchema>;

export const listBatchSubjectsQuerySchema = z.object({ batch_id: idSchema.optional() });

export type CreateBatchSubjectsBody = z.infer<typeof createBatchSubjectsBodySchema>;

/** `/api/batch-subjects/faculty_id/{facultyId}/academic_year/{year}`. */
export const facultyYearParamsSchema = z.object({ facultyId: idSchema, year: academicYearSchema });
