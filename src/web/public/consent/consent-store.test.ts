// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../tracking/tracking.ts', () => ({ startTracking: vi.fn(), stopTracking: vi.fn() }));

const { startTracking, stopTracking } = await import('../tracking/tracking.ts');
const { readCookie } = await import('../../lib/cookies.ts');
const store = await import('./consent-store.ts');
const { forgetPageLoad, watchPageLoad } = await import('../islands/page-loaded.ts');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function clearCookies() {
  for (const name of ['cookie_consent', 'session_id'])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}

describe('cookie consent', () => {
  let cleanup: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    clearCookies();
    store.resetConsentState();
    vi.mocked(startTracking).mockClear();
    vi.mocked(stopTracking).mockClear();
  });
  afterEach(() => {
    cleanup();
    forgetPageLoad();
    vi.useRealTimers();
  });

  /** The page's load event, now. */
  function pageLoads() {
    const page = {
      document: { readyState: 'loading' },
      addEventListener: (_: string, fire: () => void) => fire(),
    };
    watchPageLoad(page as unknown as Window);
  }

  /** Milliseconds from initConsent() to the banner. */
  function bannerAfter(): number {
    cleanup = store.initConsent();
    let waited = 0;
    while (!store.getConsentState().bannerOpen && waited < 10_000) {
      vi.advanceTimersByTime(50);
      waited += 50;
    }
    return waited;
  }

  it('opens the banner 2 s after the load event when its island comes to life after it (issue 27)', () => {
    pageLoads();
    vi.advanceTimersByTime(300);
    expect(bannerAfter()).toBe(1700);
  });

  it('opens it at least 1.6 s after its island came to life, on a slow phone', () => {
    pageLoads();
    vi.advanceTimersByTime(1200);
    expect(bannerAfter()).toBe(1600);
  });

  it('opens the banner 2 s after load when no choice is stored, and tracks nothing meanwhile', () => {
    cleanup = store.initConsent();
    vi.advanceTimersByTime(1999);
    expect(store.getConsentState().bannerOpen).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getConsentState()).toMatchObject({ choice: 'unset', bannerOpen: true, reopened: false });
    vi.advanceTimersByTime(600_000);
    expect(startTracking).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
  });

  it('accept stores the choice, creates a session id and starts tracking at once', () => {
    cleanup = store.initConsent();
    vi.advanceTimersByTime(2000);
    store.acceptCookies();
    expect(readCookie('cookie_consent')).toBe('true');
    expect(readCookie('session_id')).toMatch(UUID);
    expect(startTracking).toHaveBeenCalledTimes(1);
    expect(store.getConsentState()).toMatchObject({ choice: 'accepted', bannerOpen: false });
  });

  it('decline stores only the choice and never starts tracking', () => {
    cleanup = store.initConsent();
    vi.advanceTimersByTime(2000);
    store.declineCookies();
    expect(readCookie('cookie_consent')).toBe('false');
    expect(readCookie('session_id')).toBeNull();
    expect(document.cookie).toBe('cookie_consent=false');
    expect(startTracking).not.toHaveBeenCalled();
  });

  it('with consent stored, tracks from load without a banner (renewing an expired session id)', () => {
    document.cookie = 'cookie_consent=true; Path=/';
    cleanup = store.initConsent();
    vi.advanceTimersByTime(5000);
    expect(store.getConsentState()).toMatchObject({ choice: 'accepted', bannerOpen: false });
    expect(startTracking).toHaveBeenCalledTimes(1);
    expect(readCookie('session_id')).toMatch(UUID);
  });

  it('with a refusal stored, shows no banner and tracks nothing', () => {
    document.cookie = 'cookie_consent=false; Path=/';
    cleanup = store.initConsent();
    vi.advanceTimersByTime(5000);
    expect(store.getConsentState()).toMatchObject({ choice: 'declined', bannerOpen: false });
    expect(startTracking).not.toHaveBeenCalled();
  });

  it("'Cookie settings' reopens the banner; withdrawing stops tracking and deletes the session id", () => {
    cleanup = store.initConsent();
    store.acceptCookies();
    const session = readCookie('session_id');
    store.openConsentSettings();
    expect(store.getConsentState()).toMatchObject({ choice: 'accepted', bannerOpen: true, reopened: true });

    store.declineCookies();
    expect(stopTracking).toHaveBeenCalledTimes(1);
    expect(readCookie('session_id')).toBeNull();
    expect(readCookie('cookie_consent')).toBe('false');
    expect(session).toMatch(UUID);

    store.openConsentSettings();
    store.closeConsentBanner();
    expect(store.getConsentState()).toMatchObject({ choice: 'declined', bannerOpen: false });
  });
});
