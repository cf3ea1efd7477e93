import type {
  CreateCustomSessionBody,
  CreateOnlineSessionBody,
  CreateSessionNoteBody,
  OnlineSession,
  OnlineSessionCounts,
  OnlineSessionDetail,
  OnlineSessionList,
  SessionHeartbeat,
  SessionNote,
  SessionReport,
  SessionsReport,
  SessionTimeTab,
  TaughtStudent,
} from '@portal/shared';
import { SESSION_POLL_INTERVAL_MS } from '@portal/shared/schemas/online-sessions';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/downloads';
import { fetchAllPages, type ListPage, pageUrl, usePagedList } from '../../lib/paged-list';
import { getAccount } from '../../lib/session';
import { learnKeys } from '../learn/api';

const path = encodeURIComponent;

/** Every session query starts with `['sessions']`, so any change refreshes lists, carousels and rooms. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: (filters: SessionListFilters) => ['sessions', 'list', filters] as const,
  one: (id: string) => ['sessions', 'one', id] as const,
  notes: (id: string) => ['learn', 'notes', 'sessions', id] as const,
  report: (id: string) => ['sessions', 'report', id] as const,
  reports: (query: SessionsReportFilters) => ['sessions', 'reports', query] as const,
  students: ['sessions', 'students'] as const,
};

export interface SessionListFilters {
  when: SessionTimeTab;
  order?: 'newest' | 'soonest';
  batch_id?: string;
  batch_subject_id?: string;
  /** One day of the institution (`YYYY-MM-DD`). */
  date?: string;
  limit?: number;
}

/** A page of a session list as the paged-list view keeps it, with both tabs' counts. */
export interface SessionPage extends ListPage<OnlineSession> {
  counts: OnlineSessionCounts;
}

/**
 * The caller's sessions, one tab a page at a time (a faculty member's own, a student's batch and
 * custom ones), keeping the counts of both tabs that every page carries.
 */
export function useSessionList(filters: SessionListFilters) {
  const { limit, ...params } = filters;
  return useInfiniteQuery({
    queryKey: sessionKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<SessionPage> => {
      const data = await api<OnlineSessionList>(
        pageUrl('/users/me/online-sessions', { ...params }, pageParam, limit),
        { signal },
      );
      return { items: data.sessions, page: data.page, counts: data.counts };
    },
    getNextPageParam: (last) => last.page.next_cursor,
  });
}

/**
 * One session with its room. The room page polls it every 5 s (learning §4), so a waiting student
 * sees the teacher join, and every room sees the start and the end pass, without a reload.
 */
export function useSession(id: string | null, { poll = false } = {}) {
  return useQuery({
    queryKey: sessionKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<OnlineSessionDetail>(`/online-sessions/${path(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: poll ? SESSION_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: poll,
  });
}

function useSessionMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export const useCreateSession = () =>
  useSessionMutation((body: CreateOnlineSessionBody) =>
    api<{ session: OnlineSession }>('/online-sessions', { body }).then((data) => data.session),
  );

export const useCreateCustomSession = () =>
  useSessionMutation((body: CreateCustomSessionBody) =>
    api<{ session: OnlineSession }>('/online-sessions/student-id', { body }).then((data) => data.session),
  );

export const useDeleteSession = () =>
  useSessionMutation((id: string) =>
    api<{ deleted: boolean; message: string }>(`/online-sessions/${path(id)}`, { method: 'DELETE' }),
  );

/** The room page's heartbeat (decision 30): the teacher's presence, a student's attendance and time. */
export const sendSessionHeartbeat = (id: string) =>
  api<SessionHeartbeat>(`/online-sessions/${path(id)}/heartbeat`, { method: 'POST', body: {} });

/**
 * The teacher leaves the room: marks them gone at once instead of 45 s later. Sent with
 * `keepalive`, so it still leaves when the tab is being closed.
 */
export function sendTeacherLeft(id: string): void {
  const token = getAccount()?.jwt;
  if (!token) return;
  void fetch(`/api/online-sessions/${path(id)}`, {
    method: 'PATCH',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ author_logged_in: false }),
  }).catch(() => {});
}

/** The students a faculty member teaches in one batch (the custom session's table), every page. */
export function useBatchStudents(batchId: string | null) {
  return useQuery({
    queryKey: [...sessionKeys.students, batchId],
    queryFn: async ({ signal }) => {
      const students = await fetchAllPages<TaughtStudent>(
        { path: '/users/me/students', listKey: 'students' },
        signal,
      );
      return students.filter((student) => student.batch_id === batchId);
    },
    enabled: Boolean(batchId),
  });
}

// Session notes (the student's own, beside the room)

export function useSessionNotes(sessionId: string) {
  return usePagedList<SessionNote>({
    queryKey: sessionKeys.notes(sessionId),
    path: `/notes/session/${path(sessionId)}`,
    listKey: 'notes',
  });
}

export function useCreateSessionNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionNoteBody) =>
      api<{ note: SessionNote }>('/notes/session', { body }).then((data) => data.note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnKeys.notes }),
  });
}

// Reports (moderators; a session's author and teachers for one session)

export interface SessionsReportFilters {
  from: string;
  to: string;
  batch_id?: string;
}

export function useSessionsReport(filters: SessionsReportFilters | null) {
  return useQuery({
    queryKey: sessionKeys.reports(filters ?? { from: '', to: '' }),
    queryFn: ({ signal }) =>
      api<SessionsReport>(pageUrl('/online-sessions/reports', { ...filters! }), { signal }),
    enabled: filters !== null,
  });
}

export function useSessionReport(id: string | null) {
  return useQuery({
    queryKey: sessionKeys.report(id ?? ''),
    queryFn: ({ signal }) => api<SessionReport>(`/online-sessions/${path(id!)}/report`, { signal }),
    enabled: Boolean(id),
  });
}

export const downloadSessionsReport = (filters: SessionsReportFilters, kind: 'pdf' | 'csv') =>
  downloadFromApi(pageUrl(`/online-sessions/reports/${kind}`, { ...filters }), {
    fallbackName: `sessions-report.${kind}`,
  });

export const downloadSessionReport = (id: string, kind: 'pdf' | 'csv') =>
  downloadFromApi(`/online-sessions/${path(id)}/report/${kind}`, { fallbackName: `session-report.${kind}` });
