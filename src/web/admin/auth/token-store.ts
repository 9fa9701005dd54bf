// The admin session in the browser (docs/product.md#sign-in): the bearer token in localStorage `adminToken`,
// restored on reload, and the forced-password-change flag. Logout clears both. The token is also kept
// in a cookie that only the admin's pages carry, so the server can draw a screen with its data before
// any script (decision 0491); the two are written and cleared together.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { SESSION_COOKIE } from '#shared/admin-prerendered.ts';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '#shared/constants.ts';

export const TOKEN_KEY = 'adminToken';
export const FORCE_CHANGE_KEY = 'forcePasswordChange';

/**
 * Why the last session ended, until the next sign-in: without the admin asking (issue 16), or a
 * logout they chose (which forgets their drafts and the screen to come back to, issue 28).
 */
export type SignOutReason = 'inactivity' | 'logout';
let signedOutBecause: SignOutReason | null = null;

/**
 * The session cookie, for the admin's pages only (`Path=/admin`; the API never reads it), never sent
 * from another site (`SameSite=Strict`), gone when the session could no longer be valid anyway.
 */
function writeSessionCookie(token: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = token === null ? 0 : SESSION_ABSOLUTE_TIMEOUT_MS / 1000;
  document.cookie = `${SESSION_COOKIE}=${token ?? ''}; Path=/admin; Max-Age=${lifetime}; SameSite=Strict${secure}`;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const tokenStore = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  mustChangePassword: (): boolean => localStorage.getItem(FORCE_CHANGE_KEY) === 'true',
  signedOutBecause: (): SignOutReason | null => signedOutBecause,
  signIn(token: string, forcePasswordChange: boolean): void {
    signedOutBecause = null;
    localStorage.setItem(TOKEN_KEY, token);
    writeSessionCookie(token);
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
    writeSessionCookie(null);
    localStorage.removeItem(FORCE_CHANGE_KEY);
    emit();
  },
  /** A session from before the cookie (or one whose cookie the browser dropped) gets it again. */
  keepCookie(): void {
    const token = localStorage.getItem(TOKEN_KEY);
    if (token !== null && !document.cookie.split('; ').includes(`${SESSION_COOKIE}=${token}`))
      writeSessionCookie(token);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * True while the server draws a screen for an admin whose session it has checked (decision 0491):
 * there is no localStorage there, and the screen is drawn as signed in.
 */
export const SignedInOnServer = createContext(false);
const CHECKED_ON_SERVER = 'checked-on-server';

// Markup written at build time is of nobody signed in (docs/decisions/0478): hydrating it starts from
// that, and the browser's own session follows in the next render.
export function useToken(): string | null {
  const signedInOnServer = useContext(SignedInOnServer);
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.token, () =>
    signedInOnServer ? CHECKED_ON_SERVER : null,
  );
}
export function useMustChangePassword(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.mustChangePassword, () => false);
}
