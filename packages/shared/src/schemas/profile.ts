import { z } from 'zod';
import { ROLES } from '../constants.js';

/** The signed-in person's profile (learning §3 "Profile"); fields a role lacks are null or empty. */
export const profileSchema = z.object({
  user_id: z.uuid(),
  username: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  avatar: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  prn: z.string().nullable(),
  admission_year: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  designation: z.string().nullable(),
  email: z.array(z.string()),
  mobile: z.array(z.string()),
  academic_year: z.string().nullable(),
  batch_title: z.string().nullable(),
  institution_name: z.string().nullable(),
  institution_logo: z.string().nullable(),
  /** Today in the institution's time zone (`YYYY-MM-DD`): the day a student's home opens on. */
  today: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A teacher of the student's subjects (learning §3 "Faculty"), with those subjects. */
export const teacherSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  designation: z.string().nullable(),
  avatar: z.string().nullable(),
  subjects: z.array(z.object({ id: z.uuid(), title: z.string(), batch_subject_id: z.uuid() })),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** A student of one of the faculty member's batch subjects (the faculty home's student panel). */
export const taughtStudentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  batch_id: z.uuid(),
  batch_title: z.string(),
});
export type TaughtStudent = z.infer<typeof taughtStudentSchema>;
