// @vitest-environment happy-dom
// The trackers wired to a real DOM, through the consent store: nothing leaves the page without
// consent, and nothing more once it is withdrawn.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, declineCookies, initConsent, resetConsentState } from '../consent/consent-store.ts';
import { trackFormSubmit } from './tracking.ts';

describe('tracking requests and consent', () => {
  const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  const beaconSpy = vi.fn(() => true);
  let cleanup: () => void = () => undefined;

  const requests = () => [
    ...fetchSpy.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      return { url, body: JSON.parse(init.body as string) as Record<string, unknown> };
    }),
    ...beaconSpy.mock.calls.map((call) => {
      const [url, body] = call as unknown as [string, string];
      return { url, body: JSON.parse(body) as Record<string, unknown> };
    }),
  ];

  function interact() {
    document.querySelector<HTMLElement>('[data-track="book-the-range"]')?.click();
    window.dispatchEvent(new Event('scroll'));
    trackFormSubmit();
    window.dispatchEvent(new Event('pagehide'));
  }

  beforeEach(() => {
    vi.useFakeTimers();
    for (const name of ['cookie_consent', 'session_id'])
      document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    document.body.innerHTML =
      '<section data-section="hero"><a href="#contact" data-track="book-the-range">BOOK THE RANGE</a></section>';
    fetchSpy.mockClear();
    beaconSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    Object.defineProperty(navigator, 'sendBeacon', { value: beaconSpy, configurable: true });
    resetConsentState();
  });
  afterEach(() => {
    declineCookies();
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends nothing before a choice, and nothing after Decline', () => {
    cleanup = initConsent();
    vi.advanceTimersByTime(5000);
    interact();
    vi.advanceTimersByTime(120_000);
    declineCookies();
    interact();
    vi.advanceTimersByTime(120_000);
    expect(requests()).toEqual([]);
  });

  it('after Accept sends the page view, clicks and the form submission; after withdrawal nothing', () => {
    cleanup = initConsent();
    vi.advanceTimersByTime(2000);
    acceptCookies();
    const session = /session_id=([^;]+)/.exec(document.cookie)?.[1];
    interact();
    expect(requests().map((r) => [r.url, r.body.event_type, r.body.element ?? null])).toEqual([
      ['/api/track', 'page_view', null],
      ['/api/track', 'button_click', 'book-the-range'],
      ['/api/track', 'form_submit', 'enquiry-form'],
    ]);
    expect(requests()[0]?.body).toMatchObject({ page: '/', session_id: session, view_id: null });

    declineCookies();
    const before = requests().length;
    interact();
    vi.advanceTimersByTime(120_000);
    expect(requests()).toHaveLength(before);
  });
});
