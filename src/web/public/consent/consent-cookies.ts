// The two cookies (docs/product.md#consent): `cookie_consent` (the visitor's choice, `true`/`false`, 365
// days) and `session_id` (random, 30 days, only ever with consent).
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';
import { randomId } from '../tracking/random-id.ts';

export const CONSENT_COOKIE = 'cookie_consent';
export const SESSION_COOKIE = 'session_id';
export const CONSENT_DAYS = 365;
export const SESSION_DAYS = 30;

export type ConsentChoice = 'unset' | 'accepted' | 'declined';

export function readConsent(): ConsentChoice {
  const value = readCookie(CONSENT_COOKIE);
  if (value === 'true') return 'accepted';
  if (value === 'false') return 'declined';
  return 'unset';
}

export const readSessionId = (): string | null => readCookie(SESSION_COOKIE) || null;

/** Accept: the choice, and a session id unless one is still running. */
export function storeAccepted(): void {
  writeCookie(CONSENT_COOKIE, 'true', CONSENT_DAYS);
  ensureSession();
}

/** Decline (or withdraw): the choice is all that is kept; any session id goes. */
export function storeDeclined(): void {
  writeCookie(CONSENT_COOKIE, 'false', CONSENT_DAYS);
  deleteCookie(SESSION_COOKIE);
}

/**
 * Consent lasts a year but a session id 30 days: a returning visitor who accepted gets a new one
 * rather than being tracked without one.
 */
export function ensureSession(): void {
  if (!readSessionId()) writeCookie(SESSION_COOKIE, randomId(), SESSION_DAYS);
}
