import type {
  CreateStudentInput,
  ImportResult,
  IssuedCredential,
  MoveStudentBody,
  Student,
  UpdateStudentInput,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';
import { usePagedList } from '../../lib/paged-list';

export const studentKeys = {
  all: ['students'] as const,
  batch: (batchId: string) => ['students', 'batch', batchId] as const,
  one: (id: string) => ['students', 'one', id] as const,
};

const path = encodeURIComponent;

/**
 * A batch's students, archived ones included, a page at a time (nothing is asked for while no
 * batch is chosen).
 */
export function useBatchStudents(batchId: string | null) {
  return usePagedList<Student>({
    queryKey: studentKeys.batch(batchId ?? ''),
    path: `/batches/${path(batchId ?? '')}/students`,
    listKey: 'students',
    enabled: Boolean(batchId),
  });
}

export function useStudent(id: string) {
  return useQuery({
    queryKey: studentKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ student: Student }>(`/students/${path(id)}`, { signal }).then((data) => data.student),
  });
}

/** Every student change refreshes the lists, the open student and the batches' counts. */
function useInvalidateStudents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['batches'] }),
    ]);
}

export function useCreateStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (body: CreateStudentInput) =>
      api<{ student: Student; credential: IssuedCredential }>('/students', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateStudent(id: string) {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (body: UpdateStudentInput) =>
      api<{ student: Student }>(`/students/${path(id)}`, { method: 'PATCH', body }).then(
        (data) => data.student,
      ),
    onSuccess: invalidate,
  });
}

export function useMoveStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (body: MoveStudentBody) =>
      api<{ student: Student }>('/batches/student', { method: 'PATCH', body }).then((data) => data.student),
    onSuccess: invalidate,
  });
}

export function useArchiveStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (studentId: string) =>
      api<{ archived: number }>('/students', { method: 'DELETE', body: { student_id: studentId } }),
    onSuccess: invalidate,
  });
}

export function useUnarchiveStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: (studentId: string) =>
      api<{ student: Student }>(`/students/dearc/student/${path(studentId)}`, { method: 'PATCH' }),
    onSuccess: invalidate,
  });
}

/** New generated passwords for the students, shown once. */
export function useResetPasswords() {
  return useMutation({
    mutationFn: (studentIds: string[]) =>
      api<{ credentials: IssuedCredential[] }>('/students/reset-password', {
        body: studentIds.length === 1 ? { student_id: studentIds[0] } : { student_ids: studentIds },
      }).then((data) => data.credentials),
  });
}

export type ImportKind = 'student' | 'faculty';

/** Bulk import from a CSV on the portal's storage: students into a batch, or faculty. */
export function useImport() {
  const invalidate = useInvalidateStudents();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      batchId,
      contentUrl,
    }: {
      kind: ImportKind;
      batchId: string | null;
      contentUrl: string;
    }) =>
      api<ImportResult>(kind === 'student' ? `/batches/${path(batchId!)}/students/csv` : '/faculties/csv', {
        body: { content_url: contentUrl },
      }),
    onSuccess: (_result, { kind }) =>
      kind === 'student' ? invalidate() : queryClient.invalidateQueries({ queryKey: ['faculties'] }),
  });
}

export const downloadStudentList = (batchId: string) =>
  downloadFromApi(`/batches/${path(batchId)}/students/pdf`, { fallbackName: 'students.pdf' });

export const downloadCredentials = (title: string, credentials: IssuedCredential[]) =>
  downloadFromApi('/credentials/sheet', {
    body: {
      title,
      accounts: credentials.map(({ name, username, password }) => ({ name, username, password })),
    },
    fallbackName: 'credentials.pdf',
  });
