// When a section counts as seen, how long a view must last, and when an idle visitor stops being measured
// (docs/product.md#tracking, docs/product.md#constants). One place, so the trackers and their tests agree.

/** A section counts as visible when at least this share of it is on screen. */
export const SECTION_VISIBILITY_THRESHOLD = 0.5;
/** Section views under this long are not reported (page-view tracker). */
export const MIN_SECTION_VIEW_MS = 2000;
/** More than this long without mouse, key, scroll, touch or click ends the section-view tracking… */
export const INACTIVITY_LIMIT_MS = 60_000;
/** …checked this often. */
export const INACTIVITY_CHECK_MS = 10_000;
/** The server refuses a dwell longer than a day (ANALYTICS_LIMITS.maxDwellMs). */
export const MAX_DWELL_MS = 24 * 60 * 60 * 1000;

export const TRACK_URL = '/api/track';
export const SECTION_TRACK_URL = '/api/analytics/track';

/** The `element` of the form_submit event sent by the booking enquiry form. */
export const ENQUIRY_FORM_ELEMENT = 'enquiry-form';
