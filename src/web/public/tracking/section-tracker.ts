// Tracker 2 (POST /api/analytics/track, always as a beacon; docs/product.md#tracking): one section_impression
// the first time a section is at least half visible, and a section_dwell with the elapsed milliseconds
// whenever it stops being seen — it leaves view, the tab is hidden, or the page is left. Only ever started
// after cookie consent; stop() (consent withdrawn) sends nothing more.
import type { SectionEventRequest } from '#shared/schemas/analytics.ts';
import type { PageContext } from './page-tracker.ts';
import type { ObserveSections, Unsubscribe, WatchPage } from './page-signals.ts';
import { MAX_DWELL_MS } from './tracking-constants.ts';
import type { SendEvent } from './transport.ts';

/** The body of POST /api/analytics/track. */
export interface SectionEvent {
  event_type: SectionEventRequest['event_type'];
  section_name: string;
  session_id: string | null;
  dwell_ms: number | null;
  page: string;
  referrer: string | null;
}

export interface SectionTrackerDeps {
  now: () => number;
  send: SendEvent<SectionEvent>;
  context: () => PageContext;
  isHidden: () => boolean;
  observeSections: ObserveSections;
  watchPage: WatchPage;
}

export class SectionTracker {
  private running = false;
  private unsubscribes: Unsubscribe[] = [];
  /** Sections whose impression has been sent (once per page view). */
  private readonly seen = new Set<string>();
  /** Sections at least half visible right now. */
  private readonly visible = new Set<string>();
  /** When each visible section started being seen, while the tab is in front. */
  private readonly since = new Map<string, number>();
  private hidden = false;

  constructor(private readonly deps: SectionTrackerDeps) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.hidden = this.deps.isHidden();
    this.unsubscribes = [
      this.deps.watchPage({
        hidden: () => this.onHidden(),
        visible: () => this.onVisible(),
        unload: () => this.endAll(),
      }),
      this.deps.observeSections((section, isVisible) => this.onSection(section, isVisible)),
    ];
  }

  /** Consent withdrawn: observers go and nothing more is sent. */
  stop(): void {
    this.running = false;
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    this.visible.clear();
    this.since.clear();
  }

  private emit(eventType: SectionEvent['event_type'], section: string, dwellMs: number | null): void {
    const context = this.deps.context();
    this.deps.send(
      {
        event_type: eventType,
        section_name: section,
        session_id: context.sessionId,
        dwell_ms: dwellMs,
        page: context.page,
        referrer: context.referrer,
      },
      'beacon',
    );
  }

  private onSection(section: string, isVisible: boolean): void {
    if (!this.running) return;
    if (!isVisible) {
      this.visible.delete(section);
      this.endDwell(section);
      return;
    }
    this.visible.add(section);
    if (!this.seen.has(section)) {
      this.seen.add(section);
      this.emit('section_impression', section, null);
    }
    if (!this.hidden && !this.since.has(section)) this.since.set(section, this.deps.now());
  }

  private endDwell(section: string): void {
    const started = this.since.get(section);
    if (started === undefined) return;
    this.since.delete(section);
    const elapsed = Math.min(MAX_DWELL_MS, Math.max(0, Math.round(this.deps.now() - started)));
    this.emit('section_dwell', section, elapsed);
  }

  private endAll(): void {
    for (const section of [...this.since.keys()]) this.endDwell(section);
  }

  private onHidden(): void {
    this.hidden = true;
    this.endAll();
  }

  private onVisible(): void {
    this.hidden = false;
    // Still on screen when the visitor comes back: a new dwell starts now.
    const now = this.deps.now();
    for (const section of this.visible) if (!this.since.has(section)) this.since.set(section, now);
  }
}
