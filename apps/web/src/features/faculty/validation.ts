import type { CreateFacultyInput, FacultyDetail, Gender, UpdateFacultyInput } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { createFacultyBodySchema, updateFacultyBodySchema } from '@portal/shared/schemas/people';
import type { z } from 'zod';

export type FormResult<T> =
  | { body: T; error: null; fields: Record<string, string> }
  | { body: null; error: string; fields: Record<string, string> };

const splitList = (text: string) =>
  text
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The schema's verdict: the body as typed, or the first message per field (e.g. "email.1" → email). */
function check<T>(schema: z.ZodType, payload: T): FormResult<T> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { body: payload, error: null, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return { body: null, error: Object.values(fields)[0] ?? MESSAGES.invalidInput, fields };
}

export interface AddFacultyValues {
  name: string;
  gender: Gender | null;
  /** Comma-separated. */
  mobile: string;
  /** Comma-separated. */
  email: string;
  prn: string;
  designation: string;
  avatar: string | null;
  username: string;
}

export const emptyAddFaculty = (): AddFacultyValues => ({
  name: '',
  gender: null,
  mobile: '',
  email: '',
  prn: '',
  designation: '',
  avatar: null,
  username: '',
});

/**
 * Add Faculty (decision 13): name, gender and mobile are required, else 'Please fill the form';
 * e-mail, PRN, designation and avatar are optional (left out of the payload when empty).
 */
export function validateAddFaculty(values: AddFacultyValues): FormResult<CreateFacultyInput> {
  const missing = {
    ...(values.name.trim() ? {} : { name: MESSAGES.fillTheForm }),
    ...(values.gender ? {} : { gender: MESSAGES.fillTheForm }),
    ...(splitList(values.mobile).length > 0 ? {} : { mobile: MESSAGES.fillTheForm }),
  };
  if (Object.keys(missing).length > 0) return { body: null, error: MESSAGES.fillTheForm, fields: missing };
  const optional = (text: string) => text.trim() || undefined;
  return check(createFacultyBodySchema, {
    name: values.name.trim(),
    gender: values.gender!,
    mobile: splitList(values.mobile),
    ...(splitList(values.email).length > 0 ? { email: splitList(values.email) } : {}),
    prn: optional(values.prn),
    designation: optional(values.designation),
    avatar: values.avatar ?? undefined,
    username: optional(values.username),
  } satisfies CreateFacultyInput);
}

export interface EditFacultyValues {
  name: string;
  gender: Gender;
  /** Comma-separated. */
  email: string;
  /** Comma-separated. */
  mobile: string;
  prn: string;
  designation: string;
  avatar: string | null;
}

export const editFacultyValues = (faculty: FacultyDetail): EditFacultyValues => ({
  name: faculty.name,
  gender: faculty.gender,
  email: faculty.email.join(', '),
  mobile: faculty.mobile.join(', '),
  prn: faculty.prn ?? '',
  designation: faculty.designation ?? '',
  avatar: faculty.avatar,
});

/**
 * Edit Faculty: the whole comma-separated lists are sent (the server keeps every entry), an emptied
 * optional field clears it; name and mobile cannot be emptied.
 */
export function validateEditFaculty(values: EditFacultyValues): FormResult<UpdateFacultyInput> {
  return check(updateFacultyBodySchema, {
    name: values.name,
    gender: values.gender,
    email: splitList(values.email),
    mobile: splitList(values.mobile),
    prn: values.prn.trim(),
    designation: values.designation.trim(),
    avatar: values.avatar ?? '',
  } satisfies UpdateFacultyInput);
}

export interface AssignFacultyValues {
  facultyId: string | null;
  batchId: string | null;
  batchSubjectId: string | null;
}

/** Assign Faculty: faculty, batch and subject are all required ('Please fill the form'). */
export function validateAssignFaculty(
  values: AssignFacultyValues,
): FormResult<{ facultyId: string; batchSubjectId: string }> {
  const fields = {
    ...(values.facultyId ? {} : { faculty: MESSAGES.fillTheForm }),
    ...(values.batchId ? {} : { batch: MESSAGES.fillTheForm }),
    ...(values.batchSubjectId ? {} : { subject: MESSAGES.fillTheForm }),
  };
  if (Object.keys(fields).length > 0) return { body: null, error: MESSAGES.fillTheForm, fields };
  return {
    body: { facultyId: values.facultyId!, batchSubjectId: values.batchSubjectId! },
    error: null,
    fields: {},
  };
}
