// The admin session in the browser (docs/product.md#sign-in): the bearer token in localStorage `adminToken`,
// restored on reload, and the forced-password-change flag. Logout clears both.
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'adminToken';
export const FORCE_CHANGE_KEY = 'forcePasswordChange';

/**
 * Why the last session ended, until the next sign-in: without the admin asking (issue 16), or a
 * logout they chose (which forgets their drafts and the screen to come back to, issue 28).
 */
export type SignOutReason = 'inactivity' | 'logout';
let signedOutBecause: SignOutReason | null = null;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const tokenStore = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  mustChangePassword: (): boolean => localStorage.getItem(FORCE_CHANGE_KEY) === 'true',
  signedOutBecause: (): SignOutReason | null => signedOutBecause,
  signIn(token: string, forcePasswordChange: boolean): void {
    signedOutBecause = null;
    localStorage.setItem(TOKEN_KEY, token);
    if (forcePasswordChange) localStorage.setItem(FORCE_CHANGE_KEY, 'true');
    else localStorage.removeItem(FORCE_CHANGE_KEY);
    emit();
  },
  passwordChanged(): void {
    localStorage.removeItem(FORCE_CHANGE_KEY);
    emit();
  },
  clear(reason: SignOutReason | null = null): void {
    signedOutBecause = reason;
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(FORCE_CHANGE_KEY);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Markup written at build time is of nobody signed in (docs/decisions/0478): hydrating it starts from
// that, and the browser's own session follows in the next render.
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.token, () => null);
}
export function useMustChangePassword(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.mustChangePassword, () => false);
}
