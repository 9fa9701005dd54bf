// The page's two trackers, started only once the visitor has accepted cookies and stopped at once
// when they withdraw (consent/consent-store.ts calls these). The enquiry form reports each enquiry the
// server accepted through trackFormSubmit(), which does nothing without consent.
import { readSessionId } from '../consent/consent-cookies.ts';
import { visitSource } from '../visit-source.ts';
import {
  observeSectionsInDocument,
  pageIsHidden,
  watchPageLifecycle,
  watchTrackedClicks,
  watchUserActivity,
} from './page-signals.ts';
import { PageTracker, type PageContext } from './page-tracker.ts';
import { randomId } from './random-id.ts';
import { SectionTracker } from './section-tracker.ts';
import { ENQUIRY_FORM_ELEMENT, SECTION_TRACK_URL, TRACK_URL } from './tracking-constants.ts';
import { postEvent } from './transport.ts';

let pageTracker: PageTracker | null = null;
let sectionTracker: SectionTracker | null = null;

const context = (): PageContext => ({
  page: window.location.pathname,
  referrer: document.referrer || null,
  userAgent: navigator.userAgent || null,
  sessionId: readSessionId(),
  source: visitSource(window.location, document.referrer),
});

const now = () => Date.now();

/** Starts both trackers (the page_view for this page is sent now); a second call does nothing. */
export function startTracking(): void {
  if (pageTracker) return;
  pageTracker = new PageTracker({
    now,
    send: (event, mode) => postEvent(TRACK_URL, event, mode),
    context,
    randomId,
    isHidden: pageIsHidden,
    observeSections: observeSectionsInDocument,
    watchClicks: watchTrackedClicks,
    watchActivity: watchUserActivity,
    watchPage: watchPageLifecycle,
  });
  sectionTracker = new SectionTracker({
    now,
    send: (event, mode) => postEvent(SECTION_TRACK_URL, event, mode),
    context,
    isHidden: pageIsHidden,
    observeSections: observeSectionsInDocument,
    watchPage: watchPageLifecycle,
  });
  pageTracker.start();
  sectionTracker.start();
}

/** Consent withdrawn: both trackers stop at once and nothing more is sent. */
export function stopTracking(): void {
  pageTracker?.stop();
  sectionTracker?.stop();
  pageTracker = null;
  sectionTracker = null;
}

export const isTracking = (): boolean => pageTracker !== null;

/**
 * Called by the enquiry form once the server has accepted an enquiry (2xx), so Form Submissions counts
 * what the enquiry list holds, not refused or failed tries; sends form_submit only with consent.
 */
export function trackFormSubmit(): void {
  pageTracker?.formSubmit(ENQUIRY_FORM_ELEMENT);
}
