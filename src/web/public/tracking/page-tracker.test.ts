import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT, FakePage } from './fake-page.ts';
import { PageTracker, type TrackEvent } from './page-tracker.ts';
import type { SendMode } from './transport.ts';

describe('PageTracker (POST /api/track)', () => {
  let page: FakePage;
  let sent: { event: TrackEvent; mode: SendMode }[];
  let ids: number;
  let tracker: PageTracker;

  const sectionViews = () => sent.filter((s) => s.event.event_type === 'section_view');

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    page = new FakePage();
    sent = [];
    ids = 0;
    tracker = new PageTracker({
      now: () => Date.now(),
      send: (event, mode) => sent.push({ event, mode }),
      context: () => CONTEXT,
      randomId: () => `view-${++ids}`,
      isHidden: page.isHidden,
      observeSections: page.observeSections,
      watchClicks: page.watchClicks,
      watchActivity: page.watchActivity,
      watchPage: page.watchPage,
    });
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
  });

  it('sends nothing until started, then one page_view with the page context', () => {
    page.show('hero');
    page.click('book-the-range');
    vi.advanceTimersByTime(120_000);
    expect(sent).toEqual([]);

    tracker.start();
    tracker.start();
    expect(sent).toEqual([
      {
        event: {
          event_type: 'page_view',
          page: '/',
          element: null,
          session_id: 'session-1',
          view_id: null,
          dwell_ms: null,
          referrer: 'https://www.google.com/',
          user_agent: 'Mozilla/5.0 (test)',
          source: { utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: 'www.google.com' },
        },
        mode: 'fetch',
      },
    ]);
  });

  it('reports clicks on tracked elements by their label, and the enquiry form submission', () => {
    tracker.start();
    page.click('see-next-events');
    tracker.formSubmit('enquiry-form');
    expect(sent.slice(1).map((s) => [s.event.event_type, s.event.element, s.mode])).toEqual([
      ['button_click', 'see-next-events', 'fetch'],
      ['form_submit', 'enquiry-form', 'fetch'],
    ]);
    // Only the page view says where the visit came from.
    expect(sent.slice(1).filter((s) => 'source' in s.event)).toEqual([]);
  });

  it('does not report a section view under 2 s, and reports one of 2 s with its own view id', () => {
    tracker.start();
    page.show('events');
    vi.advanceTimersByTime(1999);
    page.leave('events');
    expect(sectionViews()).toEqual([]);

    page.show('events');
    vi.advanceTimersByTime(2000);
    page.leave('events');
    page.show('events');
    vi.advanceTimersByTime(5000);
    page.leave('events');
    expect(sectionViews().map((s) => [s.event.element, s.event.view_id, s.mode])).toEqual([
      ['events', 'view-2', 'fetch'],
      ['events', 'view-3', 'fetch'],
    ]);
  });

  it('ends the views after more than 60 s without activity, checked every 10 s', () => {
    tracker.start();
    page.show('about');
    vi.advanceTimersByTime(60_000);
    // 60 s exactly is not "more than 60 s"; the next check, at 70 s, is.
    expect(sectionViews()).toEqual([]);
    vi.advanceTimersByTime(9_999);
    expect(sectionViews()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sectionViews().map((s) => [s.event.element, s.mode])).toEqual([['about', 'fetch']]);

    // Still idle: leaving the section now reports nothing more.
    vi.advanceTimersByTime(30_000);
    page.leave('about');
    expect(sectionViews()).toHaveLength(1);
  });

  it('counts activity: 60 s after the last mouse, key, scroll or touch, not after the start', () => {
    tracker.start();
    page.show('about');
    vi.advanceTimersByTime(35_000);
    page.activity();
    vi.advanceTimersByTime(60_000); // 95 s: the 90 s check saw 55 s of quiet
    expect(sectionViews()).toEqual([]);
    vi.advanceTimersByTime(10_000); // the 100 s check: 65 s idle
    expect(sectionViews()).toHaveLength(1);
  });

  it('starts new views for what is on screen when the visitor becomes active again', () => {
    tracker.start();
    page.show('contact');
    vi.advanceTimersByTime(70_000);
    expect(sectionViews().map((s) => s.event.view_id)).toEqual(['view-1']);

    page.activity();
    vi.advanceTimersByTime(2500);
    page.leave('contact');
    expect(sectionViews().map((s) => s.event.view_id)).toEqual(['view-1', 'view-2']);
  });

  it('flushes open views by beacon when the tab is hidden, and starts new ones when it is back', () => {
    tracker.start();
    page.show('gallery');
    page.show('events');
    vi.advanceTimersByTime(1000);
    page.show('testimonials');
    vi.advanceTimersByTime(1500);
    page.hideTab();
    // gallery and events were on screen 2.5 s, testimonials only 1.5 s.
    expect(sectionViews().map((s) => [s.event.element, s.event.dwell_ms, s.mode])).toEqual([
      ['gallery', 2500, 'beacon'],
      ['events', 2500, 'beacon'],
    ]);

    vi.advanceTimersByTime(600_000);
    page.showTab();
    vi.advanceTimersByTime(3000);
    page.leave('gallery');
    expect(sectionViews().at(-1)?.event).toMatchObject({
      element: 'gallery',
      view_id: 'view-4',
      dwell_ms: 3000,
    });
  });

  it('flushes open views by beacon when the page is left', () => {
    tracker.start();
    page.show('deliver');
    vi.advanceTimersByTime(4000);
    page.unload();
    expect(sectionViews().map((s) => [s.event.element, s.mode])).toEqual([['deliver', 'beacon']]);
  });

  it('stops at once when consent is withdrawn: no listeners, no timers, nothing more sent', () => {
    tracker.start();
    page.show('hero');
    vi.advanceTimersByTime(5000);
    const before = sent.length;
    tracker.stop();

    expect(page.listenerCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    page.click('book-the-range');
    page.leave('hero');
    page.unload();
    tracker.formSubmit('enquiry-form');
    vi.advanceTimersByTime(120_000);
    expect(sent).toHaveLength(before);
  });
});
