// Logout (SPEC §4): revoke the session on the server, then forget the token and the forced-change
// flag; the guard then shows the login screen. The revoke is best effort: an expired session or a
// lost connection must never keep the admin "signed in" on this device.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/logout.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { tokenStore, type SignOutReason } from './token-store.ts';

export function useSignOut(): (reason?: SignOutReason) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason?: SignOutReason) => {
      // The request takes the token when it is made, so it is sent before the token is forgotten.
      const revoke = tokenStore.token() ? logout().catch(() => undefined) : Promise.resolve();
      // The reason stays with the token store: the guard may reach the login screen first.
      tokenStore.clear(reason ?? null);
      queryClient.clear();
      void navigate(ADMIN_PATHS.login, { replace: true });
      await revoke;
    },
    [navigate, queryClient],
  );
}
