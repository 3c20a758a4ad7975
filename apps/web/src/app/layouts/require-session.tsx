import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATHS, type UserType } from '@certs/shared/auth/roles';
import { hasSessionOfType, useSessionState } from '../../lib/auth';

/**
 * Admin routes need an admin session and student routes an applicant session; anyone else goes
 * to the matching login, which brings them back here afterwards (unless they chose to log out).
 */
export function RequireSession({ userType }: { userType: UserType }) {
  const { session, signOutReason } = useSessionState();
  const { pathname, search } = useLocation();
  if (hasSessionOfType(session, userType)) return <Outlet />;
  const loginPath = LOGIN_PATHS[userType];
  if (!session && signOutReason === 'logout') return <Navigate to={loginPath} replace />;
  return <Navigate to={`${loginPath}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`} replace />;
}
