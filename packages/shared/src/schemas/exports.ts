import { z } from 'zod';
import { idSchema } from './common.js';

/** An institution export's job (issue 28): queued, running, done (the zip can be downloaded) or failed. */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const institutionExportSchema = z.object({
  _id: idSchema,
  institution_id: idSchema,
  status: z.enum(EXPORT_STATES),
  /** Files written of the files to write, as a whole percent. */
  progress: z.number().int().min(0).max(100),
  files_done: z.number().int().min(0),
  files_total: z.number().int().min(0),
  rows: z.number().int().min(0),
  /** The zip's size in bytes once done. */
  size: z.number().int().min(0).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type InstitutionExport = z.infer<typeof institutionExportSchema>;

export const institutionExportAnswerSchema = z.object({ export: institutionExportSchema });
export const institutionExportListSchema = z.object({ exports: z.array(institutionExportSchema) });

export const institutionExportParamsSchema = z.object({ id: idSchema, exportId: idSchema });
