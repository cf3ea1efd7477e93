import type {
  BatchSubject,
  BatchSubjectFaculties,
  CreateFacultyInput,
  Faculty,
  FacultyDetail,
  IssuedCredential,
  StudentsAdded,
  StudentsRemoved,
  SubjectStudents,
  UpdateFacultyInput,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';
import { fetchAllPages, usePagedList } from '../../lib/paged-list';

/** Under 'faculties' (the bulk upload screen refreshes that key after a faculty import). */
export const facultyKeys = {
  all: ['faculties'] as const,
  list: ['faculties', 'list'] as const,
  active: ['faculties', 'active'] as const,
  one: (id: string) => ['faculties', 'one', id] as const,
};

const subjectStudentsKey = (batchSubjectId: string, batchId: string | null) =>
  ['batch-subjects', 'students', batchSubjectId, batchId ?? 'all'] as const;

const path = encodeURIComponent;

/** The institution's faculty members, archived ones included, newest first, a page at a time. */
export function useFacultyList() {
  return usePagedList<Faculty>({ queryKey: facultyKeys.list, path: '/faculties', listKey: 'faculties' });
}

/** The active faculty members (id, name), for the Assign Faculty dropdown. */
export function useActiveFaculty() {
  return useQuery({
    queryKey: facultyKeys.active,
    queryFn: ({ signal }) =>
      api<{ faculties: { _id: string; name: string; designation: string | null }[] }>(
        '/faculties/complete-list',
        { signal },
      ).then((data) => data.faculties),
  });
}

export function useFaculty(id: string) {
  return useQuery({
    queryKey: facultyKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ faculty: FacultyDetail }>(`/faculties/${path(id)}`, { signal }).then((data) => data.faculty),
  });
}

/**
 * Every batch subject of the institution (the moderator sees them all), for the subject dropdown:
 * every page, since a dropdown offers the whole list.
 */
export function useAllBatchSubjects() {
  return useQuery({
    queryKey: ['batch-subjects', 'all'] as const,
    queryFn: ({ signal }) =>
      fetchAllPages<BatchSubject>({ path: '/batch-subjects', listKey: 'batch_subjects' }, signal),
  });
}

/** A faculty change refreshes the faculty lists and the open member. */
function useInvalidateFaculty() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: facultyKeys.all });
}

export function useCreateFaculty() {
  const invalidate = useInvalidateFaculty();
  return useMutation({
    mutationFn: (body: CreateFacultyInput) =>
      api<{ faculty: Faculty; credential: IssuedCredential }>('/faculties', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateFaculty(id: string) {
  const invalidate = useInvalidateFaculty();
  return useMutation({
    mutationFn: (body: UpdateFacultyInput) =>
      api<{ faculty: Faculty }>(`/faculties/${path(id)}`, { method: 'PATCH', body }).then(
        (data) => data.faculty,
      ),
    onSuccess: invalidate,
  });
}

export function useArchiveFaculty() {
  const invalidate = useInvalidateFaculty();
  return useMutation({
    mutationFn: (id: string) => api<{ archived: true }>(`/faculties/${path(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useUnarchiveFaculty() {
  const invalidate = useInvalidateFaculty();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ faculty: Faculty }>(`/faculties/dearc/faculty/${path(id)}`, { method: 'PATCH' }),
    onSuccess: invalidate,
  });
}

/** New generated passwords, shown once. */
export function useResetFacultyPasswords() {
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<{ credentials: IssuedCredential[] }>('/faculties/reset-password', {
        body: ids.length === 1 ? { faculty_id: ids[0] } : { faculty_ids: ids },
      }).then((data) => data.credentials),
  });
}

/** Assigning or removing faculty changes the faculty pages and the subjects' teacher lists. */
function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: facultyKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['batch-subjects'] }),
    ]);
}

export function useAssignFaculty() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({ batchSubjectId, facultyIds }: { batchSubjectId: string; facultyIds: string[] }) =>
      api<BatchSubjectFaculties>('/batch-subjects/faculties', {
        body: { batch_subject_id: batchSubjectId, faculty_ids: facultyIds },
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveFaculty() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({ batchSubjectId, facultyIds }: { batchSubjectId: string; facultyIds: string[] }) =>
      api<BatchSubjectFaculties>('/batch-subjects/faculties', {
        method: 'DELETE',
        body: { batch_subject_id: batchSubjectId, faculty_ids: facultyIds },
      }),
    onSuccess: invalidate,
  });
}

/** The subject's students and those who could be added (none asked for until a subject is chosen). */
export function useSubjectStudents(batchSubjectId: string | null, batchId: string | null) {
  return useQuery({
    queryKey: subjectStudentsKey(batchSubjectId ?? '', batchId),
    queryFn: ({ signal }) =>
      api<SubjectStudents>(
        `/batch-subjects/${path(batchSubjectId!)}/students${batchId ? `?batch_id=${path(batchId)}` : ''}`,
        { signal },
      ),
    enabled: Boolean(batchSubjectId),
  });
}

/** Adding or removing students changes both tables and the subjects' student counts. */
function useInvalidateEnrolment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['batch-subjects'] });
}

export function useAddStudents() {
  const invalidate = useInvalidateEnrolment();
  return useMutation({
    mutationFn: ({ batchSubjectId, studentIds }: { batchSubjectId: string; studentIds: string[] }) =>
      api<StudentsAdded>('/batch-subjects/students', {
        body: { batch_subject_id: batchSubjectId, student_ids: studentIds },
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveStudents() {
  const invalidate = useInvalidateEnrolment();
  return useMutation({
    mutationFn: ({ batchSubjectId, studentIds }: { batchSubjectId: string; studentIds: string[] }) =>
      api<StudentsRemoved>('/batch-subjects/students', {
        method: 'DELETE',
        body: { batch_subject_id: batchSubjectId, student_ids: studentIds },
      }),
    onSuccess: invalidate,
  });
}

export const downloadFacultyList = () =>
  downloadFromApi('/faculties/pdf', { fallbackName: 'faculty-list.pdf' });
