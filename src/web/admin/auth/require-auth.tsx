// SPEC §2: the admin layout sends visitors without a session to /admin/login. A forced password change
// keeps the admin on Settings until it is done (the server refuses everything else meanwhile).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_PATHS } from '../paths.ts';
import { useMustChangePassword, useToken } from './token-store.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const mustChange = useMustChangePassword();
  const location = useLocation();
  if (!token) return <Navigate to={ADMIN_PATHS.login} replace />;
  if (mustChange && location.pathname !== ADMIN_PATHS.settings)
    return <Navigate to={ADMIN_PATHS.settings} replace />;
  return children;
}
