// The admin layout sends visitors without a session to /admin/login (docs/product.md#routes). A forced
// password change keeps the admin on Settings until it is done (the server refuses everything else
// meanwhile). The screen asked for is remembered, so signing in opens it (issue 28) — unless the admin just
// chose to log out.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_PATHS } from '../paths.ts';
import { browserReturn } from './return-to.ts';
import { tokenStore, useMustChangePassword, useToken } from './token-store.ts';

function ToLogin({ from }: { from: string }) {
  useEffect(() => {
    if (tokenStore.signedOutBecause() !== 'logout') browserReturn().remember(from, null);
  }, [from]);
  return <Navigate to={ADMIN_PATHS.login} replace />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const mustChange = useMustChangePassword();
  const location = useLocation();
  if (!token) return <ToLogin from={`${location.pathname}${location.search}`} />;
  if (mustChange && location.pathname !== ADMIN_PATHS.settings)
    return <Navigate to={ADMIN_PATHS.settings} replace />;
  return children;
}
