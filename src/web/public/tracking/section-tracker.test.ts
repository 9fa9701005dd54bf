import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT, FakePage } from './fake-page.ts';
import { SectionTracker, type SectionEvent } from './section-tracker.ts';
import type { SendMode } from './transport.ts';

describe('SectionTracker (POST /api/analytics/track)', () => {
  let page: FakePage;
  let sent: { event: SectionEvent; mode: SendMode }[];
  let tracker: SectionTracker;

  const brief = () => sent.map((s) => [s.event.event_type, s.event.section_name, s.event.dwell_ms]);

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    page = new FakePage();
    sent = [];
    tracker = new SectionTracker({
      now: () => Date.now(),
      send: (event, mode) => sent.push({ event, mode }),
      context: () => CONTEXT,
      isHidden: page.isHidden,
      observeSections: page.observeSections,
      watchPage: page.watchPage,
    });
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
  });

  it('sends one impression the first time a section is seen, as a beacon with the page context', () => {
    page.show('events');
    expect(sent).toEqual([]);

    tracker.start();
    page.show('events');
    expect(sent).toEqual([
      {
        event: {
          event_type: 'section_impression',
          section_name: 'events',
          session_id: 'session-1',
          dwell_ms: null,
          page: '/',
          referrer: 'https://www.google.com/',
        },
        mode: 'beacon',
      },
    ]);

    vi.advanceTimersByTime(1200);
    page.leave('events');
    page.show('events');
    vi.advanceTimersByTime(300);
    page.leave('events');
    expect(brief()).toEqual([
      ['section_impression', 'events', null],
      ['section_dwell', 'events', 1200],
      ['section_dwell', 'events', 300],
    ]);
    expect(sent.every((s) => s.mode === 'beacon')).toBe(true);
  });

  it('ends the dwell when the tab is hidden and starts a new one when it is back', () => {
    tracker.start();
    page.show('gallery');
    page.show('about');
    vi.advanceTimersByTime(4000);
    page.hideTab();
    expect(brief().slice(2)).toEqual([
      ['section_dwell', 'gallery', 4000],
      ['section_dwell', 'about', 4000],
    ]);

    // Time in the background is not dwell.
    vi.advanceTimersByTime(600_000);
    page.leave('about');
    page.showTab();
    vi.advanceTimersByTime(2500);
    page.leave('gallery');
    expect(brief().slice(4)).toEqual([['section_dwell', 'gallery', 2500]]);
  });

  it('ends every dwell when the page is left', () => {
    tracker.start();
    page.show('contact');
    vi.advanceTimersByTime(7300);
    page.unload();
    expect(brief().at(-1)).toEqual(['section_dwell', 'contact', 7300]);
    page.unload();
    expect(sent).toHaveLength(2);
  });

  it('counts no dwell for a section seen while the tab is in the background', () => {
    page.hidden = true;
    tracker.start();
    page.show('hero');
    vi.advanceTimersByTime(5000);
    page.leave('hero');
    expect(brief()).toEqual([['section_impression', 'hero', null]]);
  });

  it('stops at once when consent is withdrawn and sends nothing more', () => {
    tracker.start();
    page.show('hero');
    vi.advanceTimersByTime(5000);
    tracker.stop();
    expect(page.listenerCount).toBe(0);
    page.leave('hero');
    page.hideTab();
    page.unload();
    expect(brief()).toEqual([['section_impression', 'hero', null]]);
  });
});
