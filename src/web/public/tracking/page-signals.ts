// What the trackers listen to, as small functions they receive (so tests drive them without a
// browser): which `[data-section]` elements are visible, clicks on `[data-track]` elements, visitor
// activity, and the page being hidden, shown again or unloaded.
import { isReplayed } from '../islands/held-interactions.ts';
import { SECTION_VISIBILITY_THRESHOLD } from './tracking-constants.ts';

export type Unsubscribe = () => void;
export type SectionListener = (section: string, visible: boolean) => void;
export type ObserveSections = (listener: SectionListener) => Unsubscribe;
export interface PageLifecycleHandlers {
  /** The tab went to the background (or the page is about to be unloaded). */
  hidden(): void;
  /** The tab is in front again. */
  visible(): void;
  /** The page is being left (pagehide). */
  unload(): void;
}
export type WatchPage = (handlers: PageLifecycleHandlers) => Unsubscribe;
export type WatchActivity = (listener: () => void) => Unsubscribe;
export type WatchClicks = (listener: (label: string) => void) => Unsubscribe;

type VisibilityEntry = Pick<
  IntersectionObserverEntry,
  'isIntersecting' | 'intersectionRatio' | 'intersectionRect' | 'rootBounds'
>;

/**
 * A section is seen when at least half of it is visible (docs/product.md#tracking). A section taller than two
 * screens (a long list on a phone) can never be half visible, so one that fills at least half the screen
 * counts too; otherwise such sections would never be measured at all.
 */
export function isSectionVisible(entry: VisibilityEntry): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= SECTION_VISIBILITY_THRESHOLD) return true;
  const screen = entry.rootBounds?.height ?? 0;
  return screen > 0 && entry.intersectionRect.height >= screen * SECTION_VISIBILITY_THRESHOLD;
}

/** 0, 0.05 … 1: fine enough to notice a tall section filling half the screen (see above). */
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/** Reports each `[data-section]` element of the page becoming visible or not (by its name). */
export const observeSectionsInDocument: ObserveSections = (listener) => {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const state = new Map<Element, boolean>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const name = (entry.target as HTMLElement).dataset.section;
        if (!name) continue;
        const visible = isSectionVisible(entry);
        if ((state.get(entry.target) ?? false) === visible) continue;
        state.set(entry.target, visible);
        listener(name, visible);
      }
    },
    { threshold: THRESHOLDS },
  );
  document.querySelectorAll('[data-section]').forEach((element) => observer.observe(element));
  return () => observer.disconnect();
};

/** What counts as activity: mouse, key, scroll, touch or click. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
] as const;

export const watchUserActivity: WatchActivity = (listener) => {
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, listener, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, listener, options);
  };
};

/** Clicks on any element carrying `data-track="<label>"` (the page's calls to action), by label. */
export const watchTrackedClicks: WatchClicks = (listener) => {
  const onClick = (event: MouseEvent) => {
    // A tap an island held while it hydrated is dispatched again: it was counted when it was made.
    if (isReplayed(event)) return;
    const target = event.target instanceof Element ? event.target.closest('[data-track]') : null;
    const label = target?.getAttribute('data-track')?.trim();
    if (label) listener(label);
  };
  document.addEventListener('click', onClick, { capture: true });
  return () => document.removeEventListener('click', onClick, { capture: true });
};

export const pageIsHidden = () => document.visibilityState === 'hidden';

/** visibilitychange for hidden/visible; pagehide for leaving (also covers pages kept in bfcache). */
export const watchPageLifecycle: WatchPage = (handlers) => {
  const onVisibility = () => (pageIsHidden() ? handlers.hidden() : handlers.visible());
  const onPageHide = () => handlers.unload();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
};
