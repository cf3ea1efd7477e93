import { z } from 'zod';
import { GENDERS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema } from './common.js';

/** A list entered as "a, b" or "a; b" (or already a list): trimmed, empties dropped. */
export const textListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[,;]/)))
  .transform((items) => items.map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(200)).max(10));

const emailList = textListSchema.pipe(z.array(z.email('Please enter a valid e-mail address.')));
const mobileList = textListSchema.pipe(
  z.array(z.string().regex(/^\+?[0-9][0-9 -]{5,18}$/, 'Please enter a valid mobile number.')),
);

/** Dates of birth arrive as YYYY/MM/DD (create), YYYY-MM-DD or DD/MM/YYYY (edit and CSV). */
export const dateOfBirthSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const ymd = value.match(/^(\d{4})[-/](\d{2})[-/](\d{2})$/);
    const dmy = value.match(/^(\d{2})[-/](\d{2})[-/](\d{4})$/);
    const [year, month, day] = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
    const iso = `${year}-${month}-${day}`;
    const parsed = new Date(`${iso}T00:00:00Z`);
    if (!year || Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(iso)) {
      context.addIssue({ code: 'custom', message: 'Please enter the date of birth as DD/MM/YYYY.' });
      return z.NEVER;
    }
    return iso;
  });

const optionalName = z.string().trim().max(150).nullish();
const username = z
  .string()
  .trim()
  .min(3, 'A user name needs at least 3 characters.')
  .max(100)
  .regex(/^[A-Za-z0-9._@+-]+$/, 'A user name may use letters, digits and . _ @ + - only.');

export const studentSchema = z.object({
  _id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
  name: z.string(),
  admission_year: z.string().nullable(),
  gender: z.enum(GENDERS),
  email: z.array(z.string()),
  mobile: z.array(z.string()),
  prn: z.string().nullable(),
  mother_name: z.string().nullable(),
  father_name: z.string().nullable(),
  guardian_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  uploadAssessmentNotAllowed: z.boolean(),
  batch: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  archived: z.boolean(),
});
export type Student = z.infer<typeof studentSchema>;

const required = MESSAGES.fillAllMandatoryFields;

/** The Add Student popup (management §5): batch, name, gender, date of birth and mobile required. */
export const createStudentBodySchema = z.object({
  batch_id: idSchema,
  name: z.string({ error: required }).trim().min(1, required).max(150),
  gender: z.enum(GENDERS, { error: required }),
  date_of_birth: z.string({ error: required }).min(1, required).pipe(dateOfBirthSchema),
  mobile: mobileList.refine((list) => list.length > 0, required),
  email: emailList.default([]),
  prn: z.string().trim().max(50).nullish(),
  father_name: optionalName,
  mother_name: optionalName,
  guardian_name: optionalName,
  admission_year: z.string().trim().max(20).nullish(),
  username: username.optional(),
});
export type CreateStudentBody = z.infer<typeof createStudentBodySchema>;

/** Edit Student: nothing required; e-mails and mobiles as comma-separated lists. */
export const updateStudentBodySchema = z.object({
  name: z.string().trim().min(1, required).max(150).optional(),
  mother_name: optionalName,
  father_name: optionalName,
  guardian_name: optionalName,
  date_of_birth: dateOfBirthSchema.nullish(),
  admission_year: z.string().trim().max(20).nullish(),
  email: emailList.optional(),
  mobile: mobileList.optional(),
  gender: z.enum(GENDERS).optional(),
  prn: z.string().trim().max(50).nullish(),
  uploadAssessmentNotAllowed: z.boolean().optional(),
});
export type UpdateStudentBody = z.infer<typeof updateStudentBodySchema>;

export const facultySchema = z.object({
  _id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  email: z.array(z.string()),
  mobile: z.array(z.string()),
  prn: z.string().nullable(),
  designation: z.string().nullable(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  archived: z.boolean(),
});
export type Faculty = z.infer<typeof facultySchema>;

/** Add Faculty (decision 13): name, gender and mobile required. */
export const createFacultyBodySchema = z.object({
  name: z.string({ error: MESSAGES.fillTheForm }).trim().min(1, MESSAGES.fillTheForm).max(150),
  gender: z.enum(GENDERS, { error: MESSAGES.fillTheForm }),
  mobile: mobileList.refine((list) => list.length > 0, MESSAGES.fillTheForm),
  email: emailList.default([]),
  prn: z.string().trim().max(50).nullish(),
  designation: z.string().trim().max(100).nullish(),
  avatar: z.string().trim().max(2000).nullish(),
  username: username.optional(),
});
export type CreateFacultyBody = z.infer<typeof createFacultyBodySchema>;

export const updateFacultyBodySchema = createFacultyBodySchema.omit({ username: true }).partial();
export type UpdateFacultyBody = z.infer<typeof updateFacultyBodySchema>;

/** A generated password, shown once to the moderator. */
export const issuedCredentialSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  username: z.string(),
  password: z.string(),
});
export type IssuedCredential = z.infer<typeof issuedCredentialSchema>;
