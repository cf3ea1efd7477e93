import type { Gender, Student } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import {
  type CreateStudentInput,
  createStudentBodySchema,
  isPlausibleBirthDate,
  type UpdateStudentInput,
  updateStudentBodySchema,
} from '@portal/shared/schemas/people';

/** 'DD/MM/YYYY' (what people type) → 'YYYY/MM/DD' (what the create call sends, management §5). */
export function toYearFirst(dayFirst: string): string | null {
  const match = dayFirst.trim().match(/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/);
  if (!match) return null;
  const [, day, month, year] = match;
  return `${year}/${month!.padStart(2, '0')}/${day!.padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' (stored) → 'DD/MM/YYYY' (shown in the edit form). */
export function toDayFirst(isoDate: string | null): string {
  if (!isoDate) return '';
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const splitList = (text: string) =>
  text
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Today in the browser's calendar, `YYYY-MM-DD` (the server checks against the institution's). */
const todayOf = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** The schema refuses dates of birth before 1900; this refuses those after today, as the server does. */
function futureBirthDate(dateOfBirth: string | null | undefined, now: Date) {
  if (!dateOfBirth || isPlausibleBirthDate(dateOfBirth, todayOf(now))) return null;
  return {
    body: null,
    error: MESSAGES.dateOfBirthRange,
    fields: { date_of_birth: MESSAGES.dateOfBirthRange },
  };
}

const firstIssues = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
};

export type Result<T> =
  | { body: T; error: null; fields: Record<string, string> }
  | { body: null; error: string; fields: Record<string, string> };

export interface AddStudentValues {
  batch_id: string | null;
  name: string;
  gender: Gender | null;
  date_of_birth: string;
  mobile: string;
  email: string;
  prn: string;
  father_name: string;
  mother_name: string;
  guardian_name: string;
  admission_year: string;
  username: string;
}

export const emptyAddStudent = (batchId: string | null, admissionYear: string): AddStudentValues => ({
  batch_id: batchId,
  name: '',
  gender: null,
  date_of_birth: '',
  mobile: '',
  email: '',
  prn: '',
  father_name: '',
  mother_name: '',
  guardian_name: '',
  admission_year: admissionYear,
  username: '',
});

/** A mobile typed but not one the shared schema takes (letters, too short, only commas), else null. */
function mobileProblem(text: string): string | null {
  if (!text.trim()) return null;
  const numbers = splitList(text);
  if (numbers.length === 0) return MESSAGES.mobileInvalid;
  const parsed = createStudentBodySchema.shape.mobile.safeParse(numbers);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.mobileInvalid);
}

/**
 * Add Student (management §5): batch, name, gender, date of birth and mobile are required ('Please
 * fill all mandatory fields'); a mobile that is there but wrong is named as such, beside the other
 * missing fields; the date is typed DD/MM/YYYY and sent YYYY/MM/DD; an empty e-mail is left out of
 * the payload.
 */
export function validateAddStudent(values: AddStudentValues, now = new Date()): Result<CreateStudentInput> {
  const required = [values.batch_id, values.name.trim(), values.gender, values.date_of_birth.trim()];
  const missing = required.some((value) => !value) || !values.mobile.trim();
  const mobile = mobileProblem(values.mobile);
  if (missing || mobile) {
    return {
      body: null,
      error: missing ? MESSAGES.fillAllMandatoryFields : mobile!,
      fields: mobile ? { mobile } : {},
    };
  }
  const dateOfBirth = toYearFirst(values.date_of_birth);
  if (!dateOfBirth) {
    return {
      body: null,
      error: MESSAGES.csvDateFormat,
      fields: { date_of_birth: MESSAGES.csvDateFormat },
    };
  }
  const optional = (text: string) => text.trim() || undefined;
  const payload: CreateStudentInput = {
    batch_id: values.batch_id!,
    name: values.name,
    gender: values.gender!,
    date_of_birth: dateOfBirth,
    mobile: splitList(values.mobile),
    ...(splitList(values.email).length > 0 ? { email: splitList(values.email) } : {}),
    prn: optional(values.prn),
    father_name: optional(values.father_name),
    mother_name: optional(values.mother_name),
    guardian_name: optional(values.guardian_name),
    admission_year: optional(values.admission_year),
    username: optional(values.username),
  };
  const parsed = createStudentBodySchema.safeParse(payload);
  if (!parsed.success) {
    const fields = firstIssues(parsed.error.issues);
    return { body: null, error: Object.values(fields)[0] ?? MESSAGES.invalidInput, fields };
  }
  return futureBirthDate(parsed.data.date_of_birth, now) ?? { body: payload, error: null, fields: {} };
}

export interface EditStudentValues {
  name: string;
  mother_name: string;
  father_name: string;
  guardian_name: string;
  date_of_birth: string;
  admission_year: string;
  gender: Gender;
  /** Comma-separated. */
  email: string;
  /** Comma-separated. */
  mobile: string;
  prn: string;
  /** 'Allow Upload Assessment'. */
  allowUpload: 'yes' | 'no';
  /** Standing extra time in examinations, % of the duration, as typed (decision 38). */
  extra_time_percent: string;
}

export const editStudentValues = (student: Student): EditStudentValues => ({
  name: student.name,
  mother_name: student.mother_name ?? '',
  father_name: student.father_name ?? '',
  guardian_name: student.guardian_name ?? '',
  date_of_birth: toDayFirst(student.date_of_birth),
  admission_year: student.admission_year ?? '',
  gender: student.gender,
  email: student.email.join(', '),
  mobile: student.mobile.join(', '),
  prn: student.prn ?? '',
  allowUpload: student.uploadAssessmentNotAllowed ? 'no' : 'yes',
  extra_time_percent: String(student.extra_time_percent),
});

/** Edit Student: nothing is required; 'Allow Upload Assessment' = no means uploadAssessmentNotAllowed. */
export function validateEditStudent(values: EditStudentValues, now = new Date()): Result<UpdateStudentInput> {
  const payload: UpdateStudentInput = {
    name: values.name,
    mother_name: values.mother_name,
    father_name: values.father_name,
    guardian_name: values.guardian_name,
    date_of_birth: values.date_of_birth.trim() || null,
    admission_year: values.admission_year,
    gender: values.gender,
    email: values.email,
    mobile: values.mobile,
    prn: values.prn,
    uploadAssessmentNotAllowed: values.allowUpload === 'no',
    // Empty is none (0); anything else its number, checked by the schema.
    extra_time_percent:
      values.extra_time_percent.trim() === '' ? 0 : Number(values.extra_time_percent.trim()),
  };
  const parsed = updateStudentBodySchema.safeParse(payload);
  if (!parsed.success) {
    const fields = firstIssues(parsed.error.issues);
    return { body: null, error: Object.values(fields)[0] ?? MESSAGES.invalidInput, fields };
  }
  return futureBirthDate(parsed.data.date_of_birth, now) ?? { body: payload, error: null, fields: {} };
}
