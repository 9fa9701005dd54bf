// Tracker 1 (POST /api/track, docs/product.md#tracking): page_view on start, button_click for calls to
// action, form_submit for the enquiry form, and section_view for each view of a section that lasted long
// enough. Only ever started after cookie consent; stop() (consent withdrawn) ends it at once and sends
// nothing more.
import type { TrackEventRequest } from '#shared/schemas/analytics.ts';
import type { EnquirySource } from '#shared/schemas/enquiry-source.ts';
import type { ObserveSections, Unsubscribe, WatchActivity, WatchClicks, WatchPage } from './page-signals.ts';
import { INACTIVITY_CHECK_MS, INACTIVITY_LIMIT_MS, MIN_SECTION_VIEW_MS } from './tracking-constants.ts';
import type { SendEvent, SendMode } from './transport.ts';

/** The body of POST /api/track (its zod schema's input; optional fields are sent as null). */
export interface TrackEvent {
  event_type: TrackEventRequest['event_type'];
  page: string;
  element: string | null;
  session_id: string | null;
  view_id: string | null;
  /** section_view only: how long the section was visible. */
  dwell_ms: number | null;
  referrer: string | null;
  user_agent: string | null;
  /** page_view only: the visit's campaign tags and referring host (visit-source.ts). */
  source?: EnquirySource;
}

/** Who is looking at what, read at send time (the session id may be renewed meanwhile). */
export interface PageContext {
  page: string;
  referrer: string | null;
  userAgent: string | null;
  sessionId: string | null;
  source: EnquirySource;
}

export interface PageTrackerDeps {
  now: () => number;
  send: SendEvent<TrackEvent>;
  context: () => PageContext;
  randomId: () => string;
  isHidden: () => boolean;
  observeSections: ObserveSections;
  watchClicks: WatchClicks;
  watchActivity: WatchActivity;
  watchPage: WatchPage;
}

interface OpenView {
  viewId: string;
  since: number;
}

export class PageTracker {
  private running = false;
  private unsubscribes: Unsubscribe[] = [];
  /** Sections at least half visible right now (kept even while views are paused). */
  private readonly visible = new Set<string>();
  /** Views being timed, by section. */
  private readonly views = new Map<string, OpenView>();
  private lastActivity = 0;
  private idle = false;
  private hidden = false;

  constructor(private readonly deps: PageTrackerDeps) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    const { deps } = this;
    this.running = true;
    this.lastActivity = deps.now();
    this.idle = false;
    this.hidden = deps.isHidden();
    this.emit('page_view');
    this.unsubscribes = [
      deps.watchClicks((label) => this.emit('button_click', { element: label })),
      deps.watchActivity(() => this.onActivity()),
      deps.watchPage({
        hidden: () => this.onHidden(),
        visible: () => this.onVisible(),
        unload: () => this.closeAllViews('beacon'),
      }),
      deps.observeSections((section, isVisible) => this.onSection(section, isVisible)),
    ];
    const timer = setInterval(() => this.checkInactivity(), INACTIVITY_CHECK_MS);
    this.unsubscribes.push(() => clearInterval(timer));
  }

  /** The server accepted an enquiry from the form. */
  formSubmit(element: string): void {
    if (this.running) this.emit('form_submit', { element });
  }

  /** Consent withdrawn: listeners, observers and timers go, open views are dropped unsent. */
  stop(): void {
    this.running = false;
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    this.views.clear();
    this.visible.clear();
  }

  private emit(
    eventType: TrackEvent['event_type'],
    fields: { element?: string; view_id?: string; dwell_ms?: number } = {},
    mode: SendMode = 'fetch',
  ): void {
    const context = this.deps.context();
    this.deps.send(
      {
        event_type: eventType,
        page: context.page,
        element: fields.element ?? null,
        session_id: context.sessionId,
        view_id: fields.view_id ?? null,
        dwell_ms: fields.dwell_ms ?? null,
        referrer: context.referrer,
        user_agent: context.userAgent,
        ...(eventType === 'page_view' && { source: context.source }),
      },
      mode,
    );
  }

  private get measuring(): boolean {
    return this.running && !this.idle && !this.hidden;
  }

  private onSection(section: string, isVisible: boolean): void {
    if (!this.running) return;
    if (isVisible) {
      this.visible.add(section);
      if (this.measuring) this.openView(section);
    } else {
      this.visible.delete(section);
      this.closeView(section, 'fetch');
    }
  }

  private openView(section: string): void {
    if (!this.views.has(section)) {
      this.views.set(section, { viewId: this.deps.randomId(), since: this.deps.now() });
    }
  }

  private closeView(section: string, mode: SendMode): void {
    const view = this.views.get(section);
    if (!view) return;
    this.views.delete(section);
    // Section views under 2 s are not reported: a section scrolled past is not a view.
    const visibleMs = this.deps.now() - view.since;
    if (visibleMs < MIN_SECTION_VIEW_MS) return;
    this.emit('section_view', { element: section, view_id: view.viewId, dwell_ms: visibleMs }, mode);
  }

  private closeAllViews(mode: SendMode): void {
    for (const section of [...this.views.keys()]) this.closeView(section, mode);
  }

  private reopenViews(): void {
    if (!this.measuring) return;
    for (const section of this.visible) this.openView(section);
  }

  private onActivity(): void {
    this.lastActivity = this.deps.now();
    if (this.idle) {
      // The visitor is back: what is on screen now starts new views.
      this.idle = false;
      this.reopenViews();
    }
  }

  /** More than 60 s without activity, checked every 10 s, ends the views and reports them. */
  private checkInactivity(): void {
    if (this.idle || !this.running) return;
    if (this.deps.now() - this.lastActivity > INACTIVITY_LIMIT_MS) {
      this.idle = true;
      this.closeAllViews('fetch');
    }
  }

  private onHidden(): void {
    this.hidden = true;
    // The page may never be shown again: a beacon still arrives if the tab is closed next.
    this.closeAllViews('beacon');
  }

  private onVisible(): void {
    this.hidden = false;
    // Coming back to the tab is activity.
    this.onActivity();
    this.reopenViews();
  }
}
