// Logout (docs/product.md#sign-in): revoke the session on the server, then forget the token and the
// forced-change flag; the guard then shows the login screen. The revoke is best effort: an expired session or
// a lost connection must never keep the admin "signed in" on this device. Issue 28: the inactivity sign-out
// keeps the admin's drafts and remembers the screen to come back to; a logout the admin chose forgets both.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentAdmin } from '#shared/schemas/accounts.ts';
import { logout } from '../api/logout.ts';
import { ME_QUERY_KEY } from '../api/me.ts';
import { browserDrafts } from '../drafts/draft-store.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { browserReturn } from './return-to.ts';
import { tokenStore, type SignOutReason } from './token-store.ts';

/** What this device keeps of the admin's work: all of it after inactivity, nothing after a logout. */
function keepOrForgetWork(queryClient: QueryClient, reason: SignOutReason): void {
  const userId = queryClient.getQueryData<CurrentAdmin>(ME_QUERY_KEY)?.id ?? null;
  if (reason === 'inactivity') {
    browserReturn().remember(`${window.location.pathname}${window.location.search}`, userId);
    return;
  }
  browserReturn().forget();
  if (userId !== null) browserDrafts().removeAllOf(userId);
}

/** Signs out; without a reason it is the admin's own logout. */
export function useSignOut(): (reason?: SignOutReason) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason?: SignOutReason) => {
      // The request takes the token when it is made, so it is sent before the token is forgotten.
      const revoke = tokenStore.token() ? logout().catch(() => undefined) : Promise.resolve();
      keepOrForgetWork(queryClient, reason ?? 'logout');
      // The reason stays with the token store: the guard may reach the login screen first.
      tokenStore.clear(reason ?? 'logout');
      queryClient.clear();
      void navigate(ADMIN_PATHS.login, { replace: true });
      await revoke;
    },
    [navigate, queryClient],
  );
}
