import type { SessionUser } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { authKeys, FILE_SESSION_RENEW_MS, fetchMe, renewFileSession } from '../../features/auth/api';
import { loginPathFor } from '../../lib/redirect';
import { updateAccount, useSessionState } from '../../lib/session';

const ForcedPasswordChangePage = lazy(() =>
  import('../../features/auth/pages/ForcedPasswordChangePage').then((m) => ({
    default: m.ForcedPasswordChangePage,
  })),
);

const ACCOUNT_FIELDS = [
  'user_id',
  'username',
  'name',
  'entity_id',
  'entity_type',
  'permission',
  'institution_id',
  'institution_title',
  'institution_nav_logo',
  'academic_year',
  'time_zone',
  'language',
  'must_change_password',
] as const satisfies readonly (keyof SessionUser)[];

/**
 * Every protected route. Without a session: to /login, remembering path and query (unless the user signed
 * out on purpose). A generated password must be changed before anything else is shown.
 */
export function RequireSession() {
  const { account, endedBy } = useSessionState();
  const location = useLocation();

  // A stored token may have been revoked or the account changed since: confirm it once per app start.
  const me = useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: account !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  // Pictures, videos and notes load with the file cookie: renew it at start (it may have expired
  // while the stored token has not) and every half hour, before showing any of them.
  const fileSession = useQuery({
    queryKey: authKeys.fileSession,
    queryFn: ({ signal }) => renewFileSession(signal),
    enabled: account !== null && !account.must_change_password,
    staleTime: FILE_SESSION_RENEW_MS,
    refetchInterval: FILE_SESSION_RENEW_MS,
    retry: false,
  });

  useEffect(() => {
    const fresh = me.data;
    if (!fresh || !account) return;
    if (ACCOUNT_FIELDS.some((field) => fresh[field] !== account[field])) updateAccount(fresh);
  }, [me.data, account]);

  if (!account) {
    return <Navigate to={endedBy === 'user' ? '/login' : loginPathFor(location)} replace />;
  }
  if (account.must_change_password) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <ForcedPasswordChangePage />
      </Suspense>
    );
  }
  if (fileSession.isLoading) return <FullPageLoader />;
  return <Outlet />;
}
