// Row types of every table, as Kysely sees them. Timestamps are epoch milliseconds (BIGINT) and flags
// are 0/1 integers on both dialects, so SQLite and PostgreSQL return identical rows.
import type { Generated } from 'kysely';
import type {
  BookingLinksTable,
  BookingMailsTable,
  BookingMessagesTable,
  BookingsTable,
  CalendarDaysTable,
} from './booking-tables.ts';
import type { EnquiriesTable } from './enquiries-table.ts';
import type { MailSettingsTable } from './mail-settings-table.ts';
import type { PaymentSettingsTable, SavedMailsTable } from './payment-tables.ts';

export type { EnquiriesTable };

interface Timestamps {
  created_at: number;
  updated_at: number;
}

interface ContentColumns extends Timestamps {
  id: Generated<number>;
  order: number;
  is_active: number;
  /** Shown on the public site from this instant (epoch ms); null: as soon as it is active. */
  show_from: number | null;
  /** Hidden from the public site after this instant (epoch ms); null: until hidden by hand. */
  hide_after: number | null;
}

export interface EventsTable extends ContentColumns {
  name: string;
  location: string;
  date: string;
  link: string;
  image_url: string;
  /** 1: kept in the admin only, in no public channel (decision 0442); null (an old row restored) is 0. */
  is_private: Generated<number | null>;
  /** 1: the event needs the crew and takes its day on the one calendar (0019); 0: a listing only. */
  needs_crew: Generated<number>;
}

export interface LogosTable extends ContentColumns {
  name: string;
  logo_url: string;
  website_url: string;
}

export interface BadgesTable extends ContentColumns {
  name: string;
  badge_url: string;
  description: string;
}

export interface GalleryTable extends ContentColumns {
  title: string;
  image_url: string;
  alt_text: string;
  section: string;
}

export interface VideosTable extends ContentColumns {
  title: string;
  video_type: string;
  video_url: string;
  thumbnail_url: string;
  description: string;
  category: string;
}

export interface TestimonialsTable extends ContentColumns {
  client_name: string;
  company: string;
  testimonial_text: string;
  rating: number;
}

export interface AdminUsersTable extends Timestamps {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  force_password_change: number;
  /** 1: e-mail this admin the weekly report (issue 17); off by default. */
  weekly_report: Generated<number>;
}

export interface TrashTable {
  kind: string;
  item_id: number;
  title: string;
  row_json: string;
  deleted_at: number;
}

export interface WeeklyReportSendsTable {
  week: string;
  admin_id: number;
  claimed_at: number;
  sent_at: number | null;
  failure: string | null;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
}

/** Each admin's own bookings calendar address (migration 0017, docs/decisions/0461). */
export interface CalendarFeedsTable {
  admin_id: number;
  secret: string;
  /** SHA-256 of the secret, hex: what a fetch of the feed is looked up by. */
  secret_hash: string;
  created_at: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

// Account security (migration 0002).
export interface AdminTotpTable {
  admin_id: number;
  /** Encrypted with the server key (`v1:…`); older versions' `plain:` values are encrypted at start. */
  secret: string;
  enabled: number;
  last_used_step: number | null;
  created_at: number;
  enabled_at: number | null;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  /** HMAC-SHA-256 of the normalised code under a key derived from the server key. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One brute-force counter and its lock per key (migration 0007, docs/decisions/0410). */
export interface AuthAttemptsTable {
  /** `pair|login|203.0.113.7|owner@example.com`, `address|203.0.113.7` or `account|login|owner@example.com`. */
  key: string;
  /** When the count began; it starts again once the key's window has passed. */
  window_started_at: number;
  /** Attempts claimed in the window: failures, and attempts still being checked. */
  attempts: number;
  /** Set when the count passed its maximum; null while unlocked. */
  locked_until: number | null;
  /** Attempts refused by the current lock; 0 in the statement that set it. */
  refused: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  admin_id: number | null;
  actor: string;
  action: string;
  method: string | null;
  route: string | null;
  target_id: string | null;
  ip: string | null;
  detail: string | null;
}

export interface SiteSettingsTable {
  id: number;
  trading_name: string;
  phone: string;
  email: string;
  facebook_url: string;
  instagram_url: string;
  tiktok_url: string;
  youtube_url: string;
  company_name: string;
  company_number: string;
  registered_address: string;
  is_placeholder: number;
  created_at: number;
  updated_at: number | null;
  updated_by: number | null;
}

// Enquiries and analytics (migration 0003); the enquiries table is in enquiries-table.ts.

export interface CaptchaSolutionsTable {
  signature: string;
  expires_at: number;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  event_type: string;
  page: string | null;
  element: string | null;
  section: string | null;
  session_id: string | null;
  view_id: string | null;
  dwell_ms: number | null;
  referrer: string | null;
  user_agent: string | null;
  created_at: number;
}

export interface AnalyticsDailyTable {
  /** London calendar day, YYYY-MM-DD. */
  day: string;
  event_type: string;
  section: string;
  events: number;
  dwell_ms_sum: number;
  dwell_count: number;
}

export interface AnalyticsSessionsTable {
  session_id: string;
  first_day: string;
  last_day: string;
  /** The source label of the session's first page view (migration 0013); null before it, or none sent. */
  source: string | null;
}

/** How many sessions of each source were last seen on each London day (migration 0013). */
export interface AnalyticsSessionsBySourceTable {
  last_day: string;
  source: string;
  sessions: number;
}

/** How many sessions were last seen on each London day (migration 0006). */
export interface AnalyticsSessionsByLastDayTable {
  last_day: string;
  sessions: number;
}

// Limits shared by every instance (migration 0004).
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** The rule and what it counts, e.g. `enquiry|203.0.113.7`. */
  key: string;
  created_at: number;
  expires_at: number;
}

export interface Database {
  events: EventsTable;
  logos: LogosTable;
  badges: BadgesTable;
  gallery: GalleryTable;
  videos: VideosTable;
  testimonials: TestimonialsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  app_meta: AppMetaTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  enquiries: EnquiriesTable;
  captcha_solutions: CaptchaSolutionsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_sessions: AnalyticsSessionsTable;
  analytics_sessions_by_last_day: AnalyticsSessionsByLastDayTable;
  analytics_sessions_by_source: AnalyticsSessionsBySourceTable;
  rate_limit_hits: RateLimitHitsTable;
  weekly_report_sends: WeeklyReportSendsTable;
  trash: TrashTable;
  mail_settings: MailSettingsTable;
  bookings: BookingsTable;
  calendar_days: CalendarDaysTable;
  booking_mails: BookingMailsTable;
  calendar_feeds: CalendarFeedsTable;
  booking_links: BookingLinksTable;
  booking_messages: BookingMessagesTable;
  payment_settings: PaymentSettingsTable;
  saved_mails: SavedMailsTable;
}
