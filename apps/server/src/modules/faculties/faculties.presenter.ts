import type { Faculty, FacultyBatchSubject, FacultyDetail } from '@portal/shared';

/** A faculty row as this module's queries select it (faculties + users). */
export interface FacultyRow {
  id: string;
  userId: string;
  username: string;
  name: string;
  gender: 'male' | 'female';
  email: string[];
  mobile: string[];
  prn: string | null;
  designation: string | null;
  avatar: string | null;
  createdAt: Date;
  archivedAt: Date | null;
}

export function presentFaculty(row: FacultyRow): Faculty {
  return {
    _id: row.id,
    user_id: row.userId,
    username: row.username,
    name: row.name,
    gender: row.gender,
    email: row.email,
    mobile: row.mobile,
    prn: row.prn,
    designation: row.designation,
    avatar: row.avatar,
    created_at: row.createdAt.toISOString(),
    archived: row.archivedAt !== null,
  };
}

// "Class 8 A" before "Class 10 A": numbers inside titles compare as numbers.
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The member with their batch subjects, by batch then subject. */
export function presentFacultyDetail(row: FacultyRow, batchSubjects: FacultyBatchSubject[]): FacultyDetail {
  const ordered = [...batchSubjects].sort(
    (a, b) =>
      naturalOrder.compare(a.batch_title, b.batch_title) ||
      naturalOrder.compare(a.subject_title, b.subject_title),
  );
  return { ...presentFaculty(row), batch_subjects: ordered };
}
