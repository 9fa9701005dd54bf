// A stand-in for the browser signals the trackers listen to, driven by the tests.
import type {
  ObserveSections,
  PageLifecycleHandlers,
  SectionListener,
  WatchActivity,
  WatchClicks,
  WatchPage,
} from './page-signals.ts';

export class FakePage {
  readonly sections = new Set<SectionListener>();
  readonly clicks = new Set<(label: string) => void>();
  readonly activities = new Set<() => void>();
  readonly lifecycles = new Set<PageLifecycleHandlers>();
  hidden = false;

  readonly observeSections: ObserveSections = (listener) => this.add(this.sections, listener);
  readonly watchClicks: WatchClicks = (listener) => this.add(this.clicks, listener);
  readonly watchActivity: WatchActivity = (listener) => this.add(this.activities, listener);
  readonly watchPage: WatchPage = (handlers) => this.add(this.lifecycles, handlers);
  readonly isHidden = () => this.hidden;

  private add<T>(set: Set<T>, item: T): () => void {
    set.add(item);
    return () => void set.delete(item);
  }

  get listenerCount(): number {
    return this.sections.size + this.clicks.size + this.activities.size + this.lifecycles.size;
  }

  show(section: string): void {
    this.sections.forEach((listener) => listener(section, true));
  }
  leave(section: string): void {
    this.sections.forEach((listener) => listener(section, false));
  }
  click(label: string): void {
    this.clicks.forEach((listener) => listener(label));
  }
  activity(): void {
    this.activities.forEach((listener) => listener());
  }
  hideTab(): void {
    this.hidden = true;
    this.lifecycles.forEach((handlers) => handlers.hidden());
  }
  showTab(): void {
    this.hidden = false;
    this.lifecycles.forEach((handlers) => handlers.visible());
  }
  unload(): void {
    this.lifecycles.forEach((handlers) => handlers.unload());
  }
}

export const CONTEXT = {
  page: '/',
  referrer: 'https://www.google.com/',
  userAgent: 'Mozilla/5.0 (test)',
  sessionId: 'session-1',
  source: { utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: 'www.google.com' },
};
