// The visitor's cookie choice and the banner (SPEC §4): unset → banner 2 s after load; accept →
// cookies written and tracking started at once; decline → only the choice is kept and nothing is ever
// sent; 'Cookie settings' reopens the banner, and withdrawing stops tracking at once.
import { useSyncExternalStore } from 'react';
import { startTracking, stopTracking } from '../tracking/tracking.ts';
import {
  ensureSession,
  readConsent,
  storeAccepted,
  storeDeclined,
  type ConsentChoice,
} from './consent-cookies.ts';

/** SPEC §9: the banner appears this long after load when no choice is stored. */
export const CONSENT_BANNER_DELAY_MS = 2000;

export interface ConsentState {
  choice: ConsentChoice;
  bannerOpen: boolean;
  /** Opened from 'Cookie settings' (focus moves into it and it can be closed without choosing). */
  reopened: boolean;
}

const INITIAL: ConsentState = { choice: 'unset', bannerOpen: false, reopened: false };
let state: ConsentState = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<ConsentState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

/**
 * Reads the stored choice once the consent island has hydrated — the first island, right after the
 * hero picture is painted (islands/islands.ts) — with consent, tracking starts (and this page's
 * page_view is sent); without a choice, the banner opens after the delay. Returns a cleanup.
 */
export function initConsent(): () => void {
  const choice = readConsent();
  update({ choice });
  if (choice === 'accepted') {
    ensureSession();
    startTracking();
    return () => undefined;
  }
  if (choice === 'declined') return () => undefined;
  const timer = setTimeout(() => {
    if (state.choice === 'unset') update({ bannerOpen: true });
  }, CONSENT_BANNER_DELAY_MS);
  return () => clearTimeout(timer);
}

export function acceptCookies(): void {
  storeAccepted();
  update({ choice: 'accepted', bannerOpen: false, reopened: false });
  startTracking();
}

export function declineCookies(): void {
  // Stop first: not one more event may leave once the visitor has said no.
  stopTracking();
  storeDeclined();
  update({ choice: 'declined', bannerOpen: false, reopened: false });
}

/** 'Cookie settings': shows the banner again so the visitor can change their mind. */
export function openConsentSettings(): void {
  update({ bannerOpen: true, reopened: true });
}

/** Closes a reopened banner without changing the choice. */
export function closeConsentBanner(): void {
  if (state.choice !== 'unset') update({ bannerOpen: false, reopened: false });
}

export const getConsentState = (): ConsentState => state;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The server (and the first client render) always sees the closed banner: no hydration mismatch. */
export const useConsent = (): ConsentState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );

/** For tests: back to a fresh page. */
export function resetConsentState(): void {
  state = INITIAL;
  listeners.clear();
}
