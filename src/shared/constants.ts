// Business constants (docs/product.md#constants) and the server's own limits, in one place.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 50;
export const TOTP_CODE_LENGTH = 6;
export const RESET_LINK_EXPIRY_MS = 60 * 60 * 1000;

export const UPCOMING_EVENTS_SHOWN = 3;
export const TESTIMONIALS_SHOWN = 3;
export const ANALYTICS_PERIODS = [7, 14, 30, 90] as const;
export const DEFAULT_ANALYTICS_PERIOD = 7;

export const ADMIN_ROLES = ['admin', 'superadmin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const GALLERY_SECTIONS = ['action-gallery', 'hero', 'why-choose', 'game-modes', 'deliver'] as const;
export const VIDEO_CATEGORIES = ['hero', 'demo', 'gallery', 'promo'] as const;
export const VIDEO_TYPES = ['youtube', 'upload'] as const;

/** Admin sessions: logged out after 30 minutes without a request, and 12 hours after login regardless. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** Widths at which /uploads/w/<width>/<name> serves a smaller copy of an uploaded image. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export const UPLOAD_LIMITS = {
  defaultImageMegabytes: 15,
  defaultVideoMegabytes: 500,
} as const;

/** Text length limits for content fields, the server's own: they keep one row from bloating a page. */
export const TEXT_LIMITS = {
  short: 200,
  url: 2048,
  description: 2000,
  testimonial: 2000,
} as const;

/** The trading name used where no site setting applies yet (mail sender default, placeholders). */
export const BUSINESS_NAME = 'Airsoft Target Range';

/**
 * Brute-force limits on login, 2FA and password reset (overridable by AUTH_* variables). Locking one
 * account-and-address pair first keeps an attacker elsewhere from locking the owner out.
 */
export const AUTH_LIMIT_DEFAULTS = {
  pair: { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
  address: { maxFailures: 20, windowMinutes: 15, lockMinutes: 15 },
  account: { maxFailures: 100, windowMinutes: 60, lockMinutes: 60 },
} as const;

/** Single-use recovery codes issued when two-factor login is switched on. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The admin is logged out after more than 5 minutes without activity, checked every 30 s
 * (docs/product.md#sign-in).
 */
export const ADMIN_INACTIVITY_TIMEOUT_MS = 5 * 60 * 1000;
/** How long before that logout the admin is warned, with a way to stay signed in (issue 16). */
export const ADMIN_INACTIVITY_WARNING_MS = 60 * 1000;
/** After a successful password reset the login screen follows after 3 seconds. */
export const RESET_REDIRECT_DELAY_MS = 3000;

// Analytics (docs/product.md#analytics-definitions): plain values, so the web bundle needs no zod.
export const ANALYTICS_LIMITS = {
  /** Tracking bodies are a few hundred bytes; anything bigger is not ours. */
  bodyBytes: 16 * 1024,
  url: 2048,
  userAgent: 512,
  name: 200,
  id: 128,
  /** A dwell is one section's time on screen: at most a day. */
  maxDwellMs: 24 * 60 * 60 * 1000,
} as const;

export const ANALYTICS_DEFAULTS = {
  /** 13 months: a year-on-year comparison stays possible. */
  retentionDays: 395,
  queueLimit: 10_000,
  /**
   * Tracking events one client may send per minute (TRACK_*_RATE_LIMIT_PER_MINUTE). A visitor sends a
   * page view, one impression per section and a dwell and a view each time a section leaves the screen:
   * some 30 in a first minute of scrolling, a few a minute after. A session sending 240 would be
   * scrolling through the whole page several times a minute; an address allows 1,200 because a
   * festival's Wi-Fi or a mobile network may put dozens of visitors behind one.
   */
  trackPerAddressPerMinute: 1200,
  trackPerSessionPerMinute: 240,
} as const;

/**
 * Bookings by source (screen, CSV, weekly e-mail) shows this many sources and folds the rest into one
 * "Other sources" row: anyone who accepts cookies can invent sources (docs/decisions/0435).
 */
export const TOP_SOURCES_SHOWN = 25;

/**
 * Sources one client address may give the visits it starts, per window. A session keeps the source of
 * its first page view anyway; but session ids are the visitor's choice, so without this one address
 * could invent a source with every page view. A household or an office brings a handful (search, a
 * social site, a newsletter); "direct" is never held back (docs/decisions/0435).
 */
export const TRACKED_SOURCES_PER_ADDRESS = { max: 10, windowMinutes: 60 } as const;

/** Reports count calendar days in this zone (a period of n days is today and the n-1 days before). */
export const ANALYTICS_TIME_ZONE = 'Europe/London';

export const TRACK_EVENT_TYPES = ['page_view', 'button_click', 'form_submit', 'section_view'] as const;
export const SECTION_EVENT_TYPES = ['section_impression', 'section_dwell'] as const;

// Booking enquiries (docs/product.md#enquiry-intake).
/** The server's limits; the form shows the same ones. */
export const ENQUIRY_LIMITS = {
  name: 200,
  email: 254,
  organisation: 200,
  message: 5000,
  /** An ALTCHA payload is ~1 KB and a reCAPTCHA token ~2 KB. */
  captchaToken: 8192,
  bulkDelete: 1000,
} as const;

/**
 * Bot traps the web form must honour (docs/decisions/0202-enquiry-intake-and-notifications.md): a text field named
 * `website`, hidden from people and left empty, and a minimum time between fetching the ALTCHA
 * challenge (when the form is first focused) and sending.
 */
export const HONEYPOT_FIELD = 'website';
export const MIN_FILL_TIME_MS = 3000;

/** Configuration defaults (each overridable by the variable named in config.ts). */
export const ENQUIRY_DEFAULTS = {
  /** ALTCHA proof of work: the solver tries on average half this many PBKDF2 derivations. */
  altchaMaxNumber: 2500,
  recaptchaAction: 'enquiry',
  recaptchaMinScore: 0.5,
  rateLimitMax: 5,
  rateLimitWindowMinutes: 60,
} as const;

/** Acknowledgement e-mails one recipient mailbox may receive, whatever the number of enquiries naming it. */
export const VISITOR_ACKNOWLEDGEMENT_LIMIT = { max: 3, windowHours: 24 } as const;

/**
 * Test e-mails one admin may send (Settings › Mail): enough to retry after fixing a
 * setting, too few to make the button a way to flood a mailbox (docs/decisions/0411).
 */
export const MAIL_TEST_LIMIT = { perMinute: 3, perDay: 20 } as const;

/**
 * The weekly report by e-mail (issue 17): Mondays at 08:00 Europe/London, covering the 7 days the
 * Analytics screen shows at that moment. A server that was down at 08:00 sends it when it is back the
 * same day (`lateHours`), never days later. New enquiries still new after `unansweredHours` are listed
 * as needing an answer.
 */
/** Recently deleted (issue 17): how long a deleted content item or enquiry can be put back. */
export const TRASH_DAYS = 30;

export const WEEKLY_REPORT = { hour: 8, days: 7, lateHours: 16, unansweredHours: 48, nextEvents: 3 } as const;

/** The statuses an enquiry moves through (docs/product.md#enquiry-statuses). */
export const ENQUIRY_STATUSES = ['new', 'contacted', 'booked', 'closed', 'spam'] as const;

/** The kinds of event a visitor can name on the enquiry form (docs/product.md#bookings). */
export const EVENT_TYPES = ['festival', 'corporate', 'private', 'other'] as const;

/**
 * Every date and time the API takes lies in these years (docs/decisions/0458): a day from
 * 2000-01-01 to 2099-12-31, an instant whose written date is in them. Wide enough for any past event
 * or payment worth recording and any plan, narrow enough that a day after the last is still a day
 * (an all-day calendar entry ends the day after) and a typo such as 9999-12-31 is refused by name.
 * The patterns in src/shared/schemas/dates.ts spell these years.
 */
export const DATE_RANGE = { firstDay: '2000-01-01', lastDay: '2099-12-31' } as const;

/**
 * Availability calls one client address may make per minute, on each instance (docs/decisions/0460):
 * a visitor's form asks once, a festival's Wi-Fi puts dozens of visitors behind one address, and a
 * script asking for a year at a time is held to one query a second.
 */
export const AVAILABILITY_LIMIT = { perAddressPerMinute: 60 } as const;

/** A booking's life: a provisional hold, then confirmed, then completed; or cancelled. */
export const BOOKING_STATES = ['provisional', 'confirmed', 'completed', 'cancelled'] as const;

/**
 * Bookings (docs/decisions/0454): the range is one crew and one trailer. A booking spans at most
 * `maxDays` (a long festival); people are 1..`maxPeople`; prices are whole pence up to `maxPence`
 * (£1,000,000). A provisional hold lapses after `holdDays` unless confirmed (HOLD_DAYS overrides), or
 * earlier: at the start of the day `holdLeadDays` before its first day (HOLD_LEAD_DAYS, at most
 * `maxHoldLeadDays`; docs/decisions/0467).
 * Availability is asked for at most `availabilityDays` at a time; an enquiry's preferred date may be
 * at most `aheadDays` ahead.
 */
export const BOOKING_LIMITS = {
  maxDays: 14,
  maxPeople: 5000,
  maxPence: 100_000_000,
  location: 200,
  postcode: 10,
  notes: 5000,
  availabilityDays: 366,
  aheadDays: 3 * 366,
  maxHoldLeadDays: 60,
} as const;
/**
 * A hold lasts 14 days, and has lapsed by 00:00 London two days before its first day; a completed or
 * cancelled booking keeps its customer's name for 6 years (the UK's record-keeping period for
 * accounts), then is anonymised — its amounts stay. The customer is reminded 7 days and 1 day before a
 * confirmed booking starts.
 */
export const BOOKING_DEFAULTS = {
  holdDays: 14,
  holdLeadDays: 2,
  retentionYears: 6,
  reminderDays: [7, 1],
} as const;
