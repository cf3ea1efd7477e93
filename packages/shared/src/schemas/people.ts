import { z } from 'zod';
import { EARLIEST_DATE_OF_BIRTH, GENDERS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema } from './common.js';
import { extraPercentSchema } from './exam-fairness.js';

/** A list entered as "a, b" or "a; b" (or already a list): trimmed, empties dropped. */
export const textListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[,;]/)))
  .transform((items) => items.map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(200)).max(10));

const emailList = textListSchema.pipe(z.array(z.email(MESSAGES.emailInvalid)));
const mobileList = textListSchema.pipe(
  z.array(z.string().regex(/^\+?[0-9][0-9 -]{5,18}$/, MESSAGES.mobileInvalid)),
);

/**
 * Whether a date of birth (`YYYY-MM-DD`) is one a school could record: from 1900-01-01 to `today`
 * (the server's is the institution's today, the web form's the browser's).
 */
export const isPlausibleBirthDate = (iso: string, today: string) =>
  iso >= EARLIEST_DATE_OF_BIRTH && iso <= today;

/**
 * Dates of birth arrive as YYYY/MM/DD (create), YYYY-MM-DD or DD/MM/YYYY (edit and CSV); none before
 * 1900-01-01 (the server also refuses days after the institution's today). A date in the right
 * format that the calendar does not have (31/02/2011) is named as such, not as a wrong format.
 */
export const dateOfBirthSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const ymd = value.match(/^(\d{4})[-/](\d{2})[-/](\d{2})$/);
    const dmy = value.match(/^(\d{2})[-/](\d{2})[-/](\d{4})$/);
    const [year, month, day] = ymd ? [ymd[1], ymd[2], ymd[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
    if (!year) {
      context.addIssue({ code: 'custom', message: MESSAGES.csvDateFormat });
      return z.NEVER;
    }
    const iso = `${year}-${month}-${day}`;
    // An impossible day is refused or rolled over (31 February to 3 March): it must survive the trip.
    const parsed = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(iso)) {
      context.addIssue({ code: 'custom', message: MESSAGES.dateOfBirthNoSuchDay });
      return z.NEVER;
    }
    if (iso < EARLIEST_DATE_OF_BIRTH) {
      context.addIssue({ code: 'custom', message: MESSAGES.dateOfBirthRange });
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
  /** Standing extra time in every examination with a duration, % of it (decision 38; staff-only). */
  extra_time_percent: z.number(),
  batch: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  archived: z.boolean(),
});
export type Student = z.infer<typeof studentSchema>;

const required = MESSAGES.fillAllMandatoryFields;

/** A missing gender is a missing mandatory field; anything else is not one of the two values. */
const studentGender = z.enum(GENDERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? required : 'Gender must be male or female.',
});

/** The Add Student popup (management §5): batch, name, gender, date of birth and mobile required. */
export const createStudentBodySchema = z.object({
  batch_id: idSchema,
  name: z.string({ error: required }).trim().min(1, required).max(150),
  gender: studentGender,
  date_of_birth: z.string({ error: required }).trim().min(1, required).pipe(dateOfBirthSchema),
  mobile: mobileList.default([]).refine((list) => list.length > 0, required),
  email: emailList.default([]),
  prn: z.string().trim().max(50).nullish(),
  father_name: optionalName,
  mother_name: optionalName,
  guardian_name: optionalName,
  admission_year: z.string().trim().max(20).nullish(),
  username: username.optional(),
});
export type CreateStudentBody = z.infer<typeof createStudentBodySchema>;
/** What a client sends (lists may still be comma-separated text, dates as typed). */
export type CreateStudentInput = z.input<typeof createStudentBodySchema>;

/** POST /api/batches/{batchId}/students: the same fields, the batch comes from the path. */
export const createBatchStudentBodySchema = createStudentBodySchema.omit({ batch_id: true });
export type CreateBatchStudentBody = z.infer<typeof createBatchStudentBodySchema>;

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
  extra_time_percent: extraPercentSchema.optional(),
});
export type UpdateStudentBody = z.infer<typeof updateStudentBodySchema>;
export type UpdateStudentInput = z.input<typeof updateStudentBodySchema>;

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
  gender: z.enum(GENDERS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? MESSAGES.fillTheForm
        : 'Gender must be male or female.',
  }),
  mobile: mobileList.default([]).refine((list) => list.length > 0, MESSAGES.fillTheForm),
  email: emailList.default([]),
  prn: z.string().trim().max(50).nullish(),
  designation: z.string().trim().max(100).nullish(),
  avatar: z.string().trim().max(2000).nullish(),
  username: username.optional(),
});
export type CreateFacultyBody = z.infer<typeof createFacultyBodySchema>;

/** Edit Faculty: every field optional and WITHOUT defaults, so a PATCH leaves unsent fields alone. */
export const updateFacultyBodySchema = z.object({
  name: z.string().trim().min(1, MESSAGES.fillTheForm).max(150).optional(),
  gender: z.enum(GENDERS, { error: 'Gender must be male or female.' }).optional(),
  mobile: mobileList.refine((list) => list.length > 0, MESSAGES.fillTheForm).optional(),
  email: emailList.optional(),
  prn: z.string().trim().max(50).nullish(),
  designation: z.string().trim().max(100).nullish(),
  avatar: z.string().trim().max(2000).nullish(),
});
export type UpdateFacultyBody = z.infer<typeof updateFacultyBodySchema>;
export type UpdateFacultyInput = z.input<typeof updateFacultyBodySchema>;
export type CreateFacultyInput = z.input<typeof createFacultyBodySchema>;

/** A batch subject a faculty member teaches, as the Edit Faculty page lists it. */
export const facultyBatchSubjectSchema = z.object({
  _id: z.uuid(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  subject_title: z.string(),
});
export type FacultyBatchSubject = z.infer<typeof facultyBatchSubjectSchema>;

/** GET /api/faculties/{id}: the record with the batch subjects the member is assigned to. */
export const facultyDetailSchema = facultySchema.extend({
  batch_subjects: z.array(facultyBatchSubjectSchema),
});
export type FacultyDetail = z.infer<typeof facultyDetailSchema>;

export const facultyIdParamsSchema = z.object({ facultyId: idSchema });

/** The most faculty members one call may name (reset, assignment). */
export const MAX_FACULTY_PER_CALL = 1000;

/** `{faculty_id}` or `{faculty_ids: [...]}` (password resets take either). */
export const facultySelectionBodySchema = z
  .object({
    faculty_id: idSchema.optional(),
    faculty_ids: z.array(idSchema).min(1, MESSAGES.selectFaculty).max(MAX_FACULTY_PER_CALL).optional(),
  })
  .refine((body) => body.faculty_id !== undefined || body.faculty_ids !== undefined, {
    message: MESSAGES.selectFaculty,
    path: ['faculty_ids'],
  })
  .transform((body) => [
    ...new Set([...(body.faculty_id ? [body.faculty_id] : []), ...(body.faculty_ids ?? [])]),
  ]);

/** PUT /api/faculties/new-user: a new username (default per decision 4) and a new generated password. */
export const newFacultyUserBodySchema = z.object({
  faculty_id: idSchema,
  username: username.optional(),
});

/** A generated password, shown once to the moderator. */
export const issuedCredentialSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  username: z.string(),
  password: z.string(),
});
export type IssuedCredential = z.infer<typeof issuedCredentialSchema>;

/** The most students one call may name (archive, reset, list by ids). */
export const MAX_STUDENTS_PER_CALL = 5000;

export const studentIdParamsSchema = z.object({ studentId: idSchema });
export const batchIdParamsSchema = z.object({ batchId: idSchema });

/**
 * `{student_id}` or `{student_ids: [...]}` (archive and reset take either; the spec's archive
 * action also sends `student_id` as a list).
 */
export const studentSelectionBodySchema = z
  .object({
    student_id: z.union([idSchema, z.array(idSchema).max(MAX_STUDENTS_PER_CALL)]).optional(),
    student_ids: z.array(idSchema).max(MAX_STUDENTS_PER_CALL).optional(),
  })
  .transform((body) => [...new Set([body.student_id ?? [], body.student_ids ?? []].flat())])
  .refine((ids) => ids.length > 0, { message: MESSAGES.selectStudents, path: ['student_ids'] });

export const studentsByIdsBodySchema = z.object({
  ids: z.array(idSchema).max(MAX_STUDENTS_PER_CALL),
});

/** PUT /api/students/new-user: a new username (default per decision 4) and a new generated password. */
export const newStudentUserBodySchema = z.object({
  student_id: idSchema,
  username: username.optional(),
});

/** PATCH /api/batches/student: `old_batch` must be the student's current batch (null when none). */
export const moveStudentBodySchema = z.object({
  student_id: idSchema,
  old_batch: idSchema.nullable(),
  new_batch: idSchema,
});
export type MoveStudentBody = z.infer<typeof moveStudentBodySchema>;

/** A bulk import: the location of a CSV file uploaded to the portal's own storage (decision 12). */
export const csvImportBodySchema = z.object({
  content_url: z
    .string({ error: MESSAGES.csvLocationRequired })
    .trim()
    .min(1, MESSAGES.csvLocationRequired)
    .max(2000),
});
export type CsvImportBody = z.infer<typeof csvImportBodySchema>;

/** The columns of a student import file (decision 12); the first four are required in every row. */
export const STUDENT_CSV_COLUMNS = [
  'name',
  'gender',
  'date_of_birth',
  'mobile',
  'email',
  'prn',
  'father_name',
  'mother_name',
  'guardian_name',
  'admission_year',
  'username',
] as const;
export const STUDENT_CSV_REQUIRED_COLUMNS = ['name', 'gender', 'date_of_birth', 'mobile'] as const;
/** The columns of a faculty import file (decision 12), for its downloadable template. */
export const FACULTY_CSV_COLUMNS = [
  'name',
  'gender',
  'mobile',
  'email',
  'prn',
  'designation',
  'username',
] as const;
/** Every faculty row must fill these (Add Faculty's required fields, decision 13). */
export const FACULTY_CSV_REQUIRED_COLUMNS = ['name', 'gender', 'mobile'] as const;
/** The most rows one import file may hold. */
export const MAX_IMPORT_ROWS = 5000;

/** A successful import: every account created, with its generated password shown once. */
export const importResultSchema = z.object({
  created: z.number(),
  credentials: z.array(issuedCredentialSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/credentials/sheet: the credentials the moderator was shown, printed as a PDF; nothing is stored. */
export const credentialsSheetBodySchema = z.object({
  title: z.string().trim().min(1).max(150),
  accounts: z
    .array(
      z.object({
        name: z.string().max(150),
        username: z.string().max(100),
        password: z.string().max(100),
      }),
    )
    .min(1)
    .max(MAX_IMPORT_ROWS),
});
export type CredentialsSheetBody = z.infer<typeof credentialsSheetBodySchema>;
