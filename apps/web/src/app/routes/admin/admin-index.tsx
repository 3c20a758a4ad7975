import { Navigate } from 'react-router';
import { ROLE_HOME_PATHS, type Role } from '@certs/shared/auth/roles';
import { useRequiredSession } from '../../../lib/auth';

/** /admin alone goes to the signed-in admin's home page. */
export function AdminIndexRoute() {
  const { user } = useRequiredSession();
  return <Navigate to={ROLE_HOME_PATHS[user.role as Role] ?? ROLE_HOME_PATHS[1]} replace />;
}
