// Booking enquiries: stored durably before the visitor hears "sent", then e-mailed to the business
// and acknowledged to the visitor. A failed send leaves the enquiry pending for the retry job and
// the admin's Send Pending Notifications button (DESIGN "Enquiry status"; docs/decisions/0202).
import { ERROR_CODES } from '#shared/errors.ts';
import {
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  type Enquiry,
  type EnquiryRequest,
  type EnquiryStatus,
} from '#shared/schemas/enquiries.ts';
import type { SiteSettings } from '#shared/schemas/site.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { CAPTCHA_FAILED, type Captcha } from './captcha.ts';
import type { EnquiryLimits } from './limits.ts';
import { businessNotification, visitorAcknowledgement, type Business } from './mail.ts';
import * as repo from './repository.ts';
import type { EnquiryRow } from './repository.ts';

/** One sender at a time per enquiry; longer than any SMTP timeout, so a crashed sender's claim lapses. */
const NOTIFY_CLAIM_MS = 5 * 60 * 1000;
/** Automatic retries back off 1, 2, 4 … minutes up to an hour, and stop after this many attempts. */
const RETRY_BASE_MS = 60 * 1000;
const RETRY_MAX_MS = 60 * 60 * 1000;
export const MAX_AUTOMATIC_ATTEMPTS = 10;
// The site service seeds this address until a superadmin enters the real one; never mail it.
const PLACEHOLDER_EMAIL = 'placeholder@example.com';

export interface EnquiriesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EnquiriesDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  site: { get(): Promise<SiteSettings> };
  captcha: Captcha;
  /** Caps the acknowledgements one mailbox receives (limits.ts). */
  limits: EnquiryLimits;
  /** Where the send after a submission runs, so shutdown waits for it before closing the mailer. */
  background: Background;
  notifyEmail: string | undefined;
  publicUrl: string;
  log: EnquiriesLog;
}

export type NotifyOutcome = { status: 'sent' } | { status: 'skipped' } | { status: 'failed'; reason: string };

/** A problem the admin can fix (shown to them as is), unlike a mail server's own error text. */
class NotificationSetupError extends Error {}

export const retryDelay = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** A stored enquiry as the API shows it (the admin list, and a data-subject access request). */
export const toEnquiry = (row: EnquiryRow): Enquiry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  organisation: row.organisation,
  message: row.message,
  created_at: toIso(row.created_at),
  status: row.status as EnquiryStatus,
  notification_pending: row.notify_pending === 1,
});

/** Why an enquiry looks automated, or null. Bots are stored as spam, not refused, so they learn nothing. */
function spamReason(input: EnquiryRequest, issuedAt: number | null, now: number): string | null {
  const honeypot = input[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  if (issuedAt !== null && now - issuedAt < MIN_FILL_TIME_MS) return 'too_fast';
  return null;
}

export function createEnquiriesService(deps: EnquiriesDeps) {
  const { db, clock, mailer, captcha, limits, background, log } = deps;

  const realAddress = (email: string) => (email && email !== PLACEHOLDER_EMAIL ? email : null);

  async function business(): Promise<{ details: Business; notifyTo: string | null }> {
    const site = await deps.site.get();
    const siteEmail = site.is_placeholder ? null : realAddress(site.email);
    return {
      details: {
        tradingName: site.trading_name,
        phone: site.is_placeholder ? null : site.phone,
        replyTo: siteEmail ?? deps.notifyEmail ?? null,
        publicUrl: deps.publicUrl,
      },
      notifyTo: deps.notifyEmail ?? siteEmail,
    };
  }

  /**
   * The visitor's acknowledgement, unless its mailbox already had its share today: then it is left
   * unsent for good (the business notice still goes), so nobody can flood a stranger through the form.
   */
  async function acknowledge(row: EnquiryRow, details: Business): Promise<void> {
    const slot = await limits.takeAcknowledgement(row.email);
    if (!slot) {
      log.info({ enquiryId: row.id }, 'visitor acknowledgement not sent: that mailbox had its share today');
      return;
    }
    try {
      await mailer.send(visitorAcknowledgement(row.email, details));
    } catch (error) {
      // Not sent, so not counted: a mail server outage must not use up the visitor's share.
      await slot.release();
      throw error;
    }
    await repo.updateEnquiry(db, row.id, { visitor_acknowledged_at: clock.now() });
  }

  /** Sends whatever this enquiry still owes (business notice, visitor acknowledgement), recording each. */
  async function notifyOne(id: number): Promise<NotifyOutcome> {
    const now = clock.now();
    const row = await repo.claimForNotification(db, id, now, now + NOTIFY_CLAIM_MS);
    if (!row) return { status: 'skipped' };
    try {
      const { details, notifyTo } = await business();
      if (row.business_notified_at === null) {
        if (!notifyTo) {
          throw new NotificationSetupError(
            'No address to notify: set NOTIFY_EMAIL, or the business e-mail in Admin › Settings',
          );
        }
        await mailer.send(businessNotification(row, notifyTo, details));
        await repo.updateEnquiry(db, id, { business_notified_at: clock.now() });
      }
      if (row.visitor_acknowledged_at === null) await acknowledge(row, details);
      await repo.updateEnquiry(db, id, {
        notify_pending: 0,
        notify_claimed_until: null,
        notify_next_at: null,
        notify_error: null,
      });
      return { status: 'sent' };
    } catch (error) {
      const attempts = row.notify_attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, enquiryId: id, attempts }, 'enquiry notification failed; it stays pending');
      await repo.updateEnquiry(db, id, {
        notify_attempts: attempts,
        notify_next_at: clock.now() + retryDelay(attempts),
        notify_claimed_until: null,
        notify_error: message.slice(0, 500),
      });
      return {
        status: 'failed',
        reason:
          error instanceof NotificationSetupError
            ? message
            : 'the mail server could not be reached or refused the message',
      };
    }
  }

  async function notifyAll(ids: number[]) {
    let sent = 0;
    const failures: string[] = [];
    // One at a time: a small business has a handful pending, and SMTP servers throttle bursts.
    for (const id of ids) {
      const outcome = await notifyOne(id);
      if (outcome.status === 'sent') sent += 1;
      if (outcome.status === 'failed') failures.push(outcome.reason);
    }
    return { sent, failed: failures.length, reason: failures[0] ?? null };
  }

  return {
    async submit(input: EnquiryRequest): Promise<{ id: number; spam: boolean }> {
      const pass = await captcha.verify(input.recaptchaToken);
      const now = clock.now();
      const reason = spamReason(input, pass.issuedAt, now);
      const row = await db.transaction().execute(async (trx) => {
        // Recorded in the same transaction as the enquiry: a solution is spent only if the enquiry is kept.
        if (
          pass.replay &&
          !(await repo.recordCaptchaSolution(trx, pass.replay.signature, pass.replay.expiresAt, now))
        ) {
          throw new HttpError(400, CAPTCHA_FAILED, 'This verification was already used. Please try again.');
        }
        return repo.insertEnquiry(trx, {
          name: input.name,
          email: input.email,
          organisation: input.organisation,
          message: input.message,
          status: reason ? 'spam' : 'new',
          spam_reason: reason,
          created_at: now,
          updated_at: now,
          // Spam gets no mail: the business isn't bothered and a forged address isn't mailed.
          notify_pending: reason ? 0 : 1,
          notify_attempts: 0,
          notify_next_at: reason ? null : now,
        });
      });
      if (reason) {
        log.info({ enquiryId: row.id, reason }, 'enquiry stored as spam');
      } else {
        background.run('enquiry notification', async () => {
          await notifyOne(row.id);
        });
      }
      return { id: row.id, spam: reason !== null };
    },

    async list(): Promise<Enquiry[]> {
      return (await repo.listEnquiries(db)).map(toEnquiry);
    },

    async setStatus(id: number, status: EnquiryStatus): Promise<Enquiry> {
      const row = await repo.updateEnquiry(db, id, {
        status,
        updated_at: clock.now(),
        // Marking spam stops any mail still owed for it.
        ...(status === 'spam' ? { notify_pending: 0 } : {}),
      });
      if (!row) throw notFound('Enquiry not found');
      return toEnquiry(row);
    },

    async remove(id: number): Promise<void> {
      if ((await repo.deleteEnquiries(db, [id])) === 0) throw notFound('Enquiry not found');
    },

    /** All or nothing: if any id is unknown nothing is deleted and the unknown ids are named. */
    async removeMany(ids: number[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const existing = new Set(await repo.existingIds(trx, unique));
        const missing = unique.filter((id) => !existing.has(id));
        const deleted = missing.length === 0 ? await repo.deleteEnquiries(trx, unique) : 0;
        if (missing.length > 0 || deleted !== unique.length) {
          const gone = missing.length > 0 ? missing : unique;
          throw notFound(`No enquiry with id ${gone.join(', ')}; nothing was deleted`);
        }
        return deleted;
      });
    },

    /** The admin's button: every pending enquiry now, whatever its retry schedule. */
    async sendPending(): Promise<{ sent: number }> {
      const result = await notifyAll(await repo.pendingIds(db, null));
      if (result.failed > 0) {
        throw new HttpError(
          503,
          ERROR_CODES.unavailable,
          `${result.sent} notification(s) sent; ${result.failed} could not be sent (${result.reason}). ` +
            'They stay pending and will be retried.',
        );
      }
      return { sent: result.sent };
    },

    /** The background job: pending enquiries whose retry is due, until they run out of automatic attempts. */
    async retryDue(): Promise<{ sent: number; failed: number }> {
      const due = await repo.pendingIds(db, clock.now(), MAX_AUTOMATIC_ATTEMPTS);
      const { sent, failed } = await notifyAll(due);
      return { sent, failed };
    },

    /** Resolves when background work, including notifications after submissions, has finished (tests). */
    settled: () => background.settled(),
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
