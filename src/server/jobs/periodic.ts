// Periodic work, started by server.ts (never by buildApp, so tests stay deterministic and call the
// job functions directly).
import type { AccountsService } from '../features/accounts/service.ts';
import type { AnalyticsService } from '../features/analytics/service.ts';
import type { BookingsService } from '../features/bookings/service.ts';
import type { EnquiriesService } from '../features/enquiries/service.ts';
import type { PasswordResetService } from '../features/password-reset/service.ts';
import type { TrashService } from '../features/trash/service.ts';
import type { WeeklyReportService } from '../features/weekly-report/service.ts';

/** Pending notifications are looked at this often; each enquiry's own backoff decides if it is due. */
export const NOTIFICATION_RETRY_INTERVAL_MS = 60 * 1000;
/** Raw analytics events past retention are purged once a day (first shortly after start). */
export const RETENTION_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
const RETENTION_FIRST_RUN_MS = 60 * 1000;
/** Expired admin sessions and reset tokens are refused when met; this only keeps the tables small. */
export const EXPIRED_AUTH_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Whether a weekly report is due is looked at every minute (each instance; one of them sends it). */
export const WEEKLY_REPORT_CHECK_INTERVAL_MS = 60 * 1000;
/** Provisional bookings past their hold are cancelled within this long (each once, any instance). */
export const HOLD_EXPIRY_INTERVAL_MS = 5 * 60 * 1000;
/** Booking reminders and failed booking mail are looked at this often (each sent once, any instance). */
export const BOOKING_MAIL_INTERVAL_MS = 5 * 60 * 1000;

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Runs `task` every `intervalMs` (first after `firstMs`), never two runs at once; returns a stopper. */
function every(intervalMs: number, firstMs: number, task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

export function startPeriodicJobs(
  services: {
    enquiries: EnquiriesService;
    analytics: AnalyticsService;
    accounts: AccountsService;
    passwordReset: PasswordResetService;
    weeklyReport: WeeklyReportService;
    trash: TrashService;
    bookings: BookingsService;
  },
  log: JobLog,
): () => Promise<void> {
  const stops = [
    every(EXPIRED_AUTH_PURGE_INTERVAL_MS, EXPIRED_AUTH_PURGE_INTERVAL_MS, async () => {
      try {
        await services.accounts.purgeExpiredSessions();
        await services.passwordReset.purgeExpired();
      } catch (err) {
        log.warn({ err }, 'purge of expired sessions and reset tokens failed');
      }
    }),
    every(NOTIFICATION_RETRY_INTERVAL_MS, NOTIFICATION_RETRY_INTERVAL_MS, async () => {
      try {
        const { sent, failed } = await services.enquiries.retryDue();
        if (sent || failed) log.info({ sent, failed }, 'pending enquiry notifications retried');
      } catch (err) {
        log.warn({ err }, 'enquiry notification retry failed');
      }
    }),
    every(RETENTION_PURGE_INTERVAL_MS, RETENTION_FIRST_RUN_MS, async () => {
      try {
        const purged = await services.analytics.purgeExpired();
        if (purged) log.info({ purged }, 'analytics events past retention purged');
      } catch (err) {
        log.warn({ err }, 'analytics retention purge failed');
      }
      try {
        const purged = await services.trash.purgeExpired();
        if (purged) log.info({ purged }, 'recently deleted items past their 30 days purged');
      } catch (err) {
        log.warn({ err }, 'purge of recently deleted items failed');
      }
      try {
        const anonymised = await services.bookings.anonymiseOld();
        if (anonymised) log.info({ anonymised }, 'finished bookings past their retention anonymised');
      } catch (err) {
        log.warn({ err }, 'anonymising old bookings failed');
      }
    }),
    every(WEEKLY_REPORT_CHECK_INTERVAL_MS, WEEKLY_REPORT_CHECK_INTERVAL_MS, async () => {
      try {
        const { sent, failed } = await services.weeklyReport.sendDue();
        if (sent || failed) log.info({ sent, failed }, 'weekly reports sent');
      } catch (err) {
        log.warn({ err }, 'weekly report run failed');
      }
    }),
    every(HOLD_EXPIRY_INTERVAL_MS, NOTIFICATION_RETRY_INTERVAL_MS, async () => {
      try {
        const expired = await services.bookings.expireHolds();
        if (expired) log.info({ expired }, 'provisional bookings past their hold cancelled');
      } catch (err) {
        log.warn({ err }, 'expiry of provisional bookings failed');
      }
    }),
    every(BOOKING_MAIL_INTERVAL_MS, NOTIFICATION_RETRY_INTERVAL_MS, async () => {
      try {
        const { sent, saved, failed } = await services.bookings.sendMail();
        // saved: written to the outbox as files (no mail server), not delivered.
        if (sent || saved || failed)
          log.info({ sent, saved, failed }, 'booking reminders and retried booking mail sent');
      } catch (err) {
        log.warn({ err }, 'booking mail run failed');
      }
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
