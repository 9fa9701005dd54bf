import type { PaymentSettings } from '#shared/schemas/payments.ts';
import type { SiteSettings } from '#shared/schemas/site.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailRoute } from '../../mail/failures.ts';
import type { Mailer } from '../../mail/mailer.ts';

export interface BookingsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What every bookings function is given first. */
export interface BookingsDeps {
  db: Db;
  clock: Clock;
  /** Days a provisional hold lasts unless confirmed (HOLD_DAYS). */
  holdDays: number;
  /** Whole days before its first day by which a hold has lapsed (HOLD_LEAD_DAYS; docs/decisions/0467). */
  holdLeadDays: number;
  /** Years a finished booking keeps its customer's name (BOOKING_RETENTION_YEARS). */
  retentionYears: number;
  /** Days before the start the customer is reminded, largest first (BOOKING_REMINDER_DAYS). */
  reminderDays: readonly number[];
  mailer: Mailer;
  /** Where mail goes now, to explain a failure in the owner's words. */
  mailRoute: () => Promise<MailRoute>;
  /** The business's name, phone and e-mail, as the customer's mail gives them. */
  site: { get(): Promise<SiteSettings> };
  /** How customers pay and when a balance is due (Settings › Payments), for the confirmation. */
  payments: { get(): Promise<PaymentSettings> };
  /** Where a change's mail is sent, so the admin's answer never waits for it and shutdown does. */
  background: Background;
  /** Its host makes the invitations' UIDs unique to this site. */
  publicUrl: string;
  /** The sender saved in Settings › Mail while mail goes through it: the invitation's organiser. */
  savedSenderAddress: () => Promise<string | null>;
  /** MAIL_FROM: the organiser while neither Settings › Mail nor the business has an address. */
  mailFrom: string;
  /** NOTIFY_EMAIL: where the owner hears of a customer's message or acceptance (else the business e-mail). */
  notifyEmail?: string;
  log: BookingsLog;
}
