import { Navigate, Outlet, useLocation } from 'react-router';
import { NEXT_PARAM, redirectTargetFrom } from '../../lib/redirect';
import { useAccount } from '../../lib/session';

/** /login and /forgot-password: a signed-in user goes to the remembered destination, else to /. */
export function PublicOnly() {
  const account = useAccount();
  const location = useLocation();
  if (account) {
    const hasNext = new URLSearchParams(location.search).has(NEXT_PARAM);
    return <Navigate to={hasNext ? redirectTargetFrom(location.search) : '/'} replace />;
  }
  return <Outlet />;
}
