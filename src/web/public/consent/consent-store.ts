// The visitor's cookie choice and the banner (docs/product.md#consent): unset → banner 2 s after load; accept
// → cookies written and tracking started at once; decline → only the choice is kept and nothing is ever sent;
// 'Cookie settings' reopens the banner, and withdrawing stops tracking at once.
import { useSyncExternalStore } from 'react';
import { pageLoadedAt } from '../islands/page-loaded.ts';
import { startTracking, stopTracking } from '../tracking/tracking.ts';
import {
  ensureSession,
  readConsent,
  storeAccepted,
  storeDeclined,
  type ConsentChoice,
} from './consent-cookies.ts';

/** The banner appears this long after load when no choice is stored. */
export const CONSENT_BANNER_DELAY_MS = 2000;
/**
 * The least time between the consent island coming to life and the banner, when the island comes
 * after the load event (a slow phone): the banner still never appears the moment the page's script
 * does, while the visitor is just starting on the page.
 */
export const CONSENT_BANNER_MIN_DELAY_MS = 1600;

/**
 * How long after now the banner opens: CONSENT_BANNER_DELAY_MS after the load event, counted from
 * now when the page has not loaded yet, and not sooner than CONSENT_BANNER_MIN_DELAY_MS from now.
 */
function bannerDelay(): number {
  const loadedAt = pageLoadedAt();
  if (loadedAt === undefined) return CONSENT_BANNER_DELAY_MS;
  const rest = loadedAt + CONSENT_BANNER_DELAY_MS - Date.now();
  return Math.min(CONSENT_BANNER_DELAY_MS, Math.max(CONSENT_BANNER_MIN_DELAY_MS, rest));
}

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
 * page_view is sent); without a choice, the banner opens 2 s after load (bannerDelay). Returns a
 * cleanup.
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
  }, bannerDelay());
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
