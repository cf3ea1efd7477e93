import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import { faculties } from '../../db/schema/index.js';

export interface FacultySummary {
  _id: string;
  name: string;
  designation: string | null;
}

/** The institution's active (not archived) faculty members, by name. */
export async function listActiveFaculties(deps: AppDeps, institutionId: string): Promise<FacultySummary[]> {
  return deps.db
    .select({ _id: faculties.id, name: faculties.name, designation: faculties.designation })
    .from(faculties)
    .where(and(eq(faculties.institutionId, institutionId), isNull(faculties.archivedAt)))
    .orderBy(asc(faculties.name), asc(faculties.id));
}

/** One active faculty member of the institution, or undefined (archived and foreign ones too). */
export async function findActiveFaculty(
  deps: AppDeps,
  institutionId: string,
  facultyId: string,
): Promise<FacultySummary | undefined> {
  const [row] = await deps.db
    .select({ _id: faculties.id, name: faculties.name, designation: faculties.designation })
    .from(faculties)
    .where(
      and(
        eq(faculties.id, facultyId),
        eq(faculties.institutionId, institutionId),
        isNull(faculties.archivedAt),
      ),
    );
  return row;
}
