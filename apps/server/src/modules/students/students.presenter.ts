import type { Student } from '@portal/shared';

/** A student row as the queries of this module select it (students + users + batches). */
export interface StudentRow {
  id: string;
  userId: string;
  username: string;
  name: string;
  admissionYear: string | null;
  gender: 'male' | 'female';
  email: string[];
  mobile: string[];
  prn: string | null;
  motherName: string | null;
  fatherName: string | null;
  guardianName: string | null;
  dateOfBirth: string | null;
  uploadAssessmentNotAllowed: boolean;
  extraTimePercent: number;
  batchId: string | null;
  batchTitle: string | null;
  archivedAt: Date | null;
}

export function presentStudent(row: StudentRow): Student {
  return {
    _id: row.id,
    user_id: row.userId,
    username: row.username,
    name: row.name,
    admission_year: row.admissionYear,
    gender: row.gender,
    email: row.email,
    mobile: row.mobile,
    prn: row.prn,
    mother_name: row.motherName,
    father_name: row.fatherName,
    guardian_name: row.guardianName,
    date_of_birth: row.dateOfBirth,
    uploadAssessmentNotAllowed: row.uploadAssessmentNotAllowed,
    extra_time_percent: row.extraTimePercent,
    batch: row.batchId && row.batchTitle ? { _id: row.batchId, title: row.batchTitle } : null,
    archived: row.archivedAt !== null,
  };
}
