import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { academicYearSchema, requiredText } from './common.js';

export const createBatchBodySchema = z.object({
  title: requiredText(MESSAGES.fillTheForm, 100),
  academic_year: academicYearSchema,
  display_order: z.number().int().min(0).max(10_000).default(0),
});
export type CreateBatchBody = z.infer<typeof createBatchBodySchema>;

/** Editing a batch changes only its title (management §5). */
export const updateBatchBodySchema = z.object({ title: requiredText(MESSAGES.fillTheForm, 100) });

export const batchSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  academic_year: z.string(),
  display_order: z.number(),
  student_count: z.number(),
  students: z.array(z.object({ _id: z.uuid(), name: z.string() })).optional(),
});
export type Batch = z.infer<typeof batchSchema>;

export const listBatchesQuerySchema = z.object({
  with_students: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
