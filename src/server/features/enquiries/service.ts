// Booking enquiries: stored durably before the visitor hears "sent", then e-mailed to the business
// and acknowledged to the visitor. A failed send leaves the enquiry pending for the retry job and
// the admin's Send Pending Notifications button (DESIGN "Enquiry status"; docs/decisions/0202).
// With no address to notify yet, the visitor is still acknowledged and the notice waits, without
// using up retries, until one is saved (issue 15, docs/decisions/0411).
import { ERROR_CODES } from '#shared/errors.ts';
import {
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  type Enquiry,
  type EnquiryRequest,
  type EnquiryStatus,
} from '#shared/schemas/enquiries.ts';
import { sourceLabel } from '#shared/schemas/enquiry-source.ts';
import type { SiteSettings } from '#shared/schemas/site.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  explainMailFailure,
  isMailFailureKind,
  mailFailureSentence,
  type MailFailure,
  type MailRoute,
} from '../../mail/failures.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { CAPTCHA_FAILED, type Captcha } from './captcha.ts';
import type { EnquiryLimits } from './limits.ts';
import { businessNotification, visitorAcknowledgement, type Business } from './mail.ts';
import * as repo from './repository.ts';
import { bookingsBySource } from './sources.ts';
import { WAITING_FOR_ADDRESS, type EnquiryRow, type NotificationCounts } from './repository.ts';

/** One sender at a time per enquiry; longer than any SMTP timeout, so a crashed sender's claim lapses. */
const NOTIFY_CLAIM_MS = 5 * 60 * 1000;
/** Automatic retries back off 1, 2, 4 … minutes up to an hour, and stop after this many attempts. */
const RETRY_BASE_MS = 60 * 1000;
const RETRY_MAX_MS = 60 * 60 * 1000;
export const MAX_AUTOMATIC_ATTEMPTS = 10;
// The site service seeds this address until a superadmin enters the real one; never mail it.
const PLACEHOLDER_EMAIL = 'placeholder@example.com';

/** Shown to the admin while notices wait for an address (no server variable named: they can't set one). */
export const NO_ADDRESS_SENTENCE =
  'No address to send enquiries to yet — add the business e-mail in Settings › Business details.';
/** A send that failed for a reason other than mail (the database, say): nothing the owner can fix. */
const SERVER_TROUBLE_SENTENCE =
  'Something went wrong on the server while sending — try again later, and tell whoever set up the server if it keeps happening.';

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
  /** Where mail goes (SMTP host or outbox folder), to explain a failure in the owner's words. */
  mailRoute: MailRoute;
  publicUrl: string;
  log: EnquiriesLog;
}

export type NotifyOutcome =
  | { status: 'sent' }
  | { status: 'skipped' }
  /** The visitor is acknowledged; the business notice waits for an address (not a failure). */
  | { status: 'waiting_for_address' }
  | { status: 'failed'; failure: MailFailure };

/** A send the mail transport refused, explained; anything else thrown while notifying is not mail's fault. */
class MailSendError extends Error {
  constructor(
    readonly failure: MailFailure,
    cause: unknown,
  ) {
    super(failure.sentence, { cause });
  }
}

/** What the pending enquiries owe, and why the last attempt failed (owner's words), for the admin screens. */
export interface NotificationStatus extends NotificationCounts {
  lastFailure: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 visitors are waiting …": how many visitors have not had their acknowledgement yet. */
export const visitorsWaitingSentence = (n: number) =>
  n === 0
    ? 'No visitor is waiting for an acknowledgement.'
    : `${plural(n, 'visitor is', 'visitors are')} still waiting for an acknowledgement.`;

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
  notification_waiting_for:
    row.notify_pending !== 1
      ? null
      : row.notify_failure === WAITING_FOR_ADDRESS
        ? 'address'
        : row.notify_failure !== null
          ? 'mail_server'
          : 'sending',
  acknowledgement_pending:
    row.notify_pending === 1 && row.visitor_acknowledged_at === null && row.visitor_ack_skipped_at === null,
  source: storedSource(row),
});

function storedSource(row: EnquiryRow): Enquiry['source'] {
  const source = {
    utm_source: row.source_utm_source,
    utm_medium: row.source_utm_medium,
    utm_campaign: row.source_utm_campaign,
    referrer_host: row.source_referrer_host,
  };
  return { label: sourceLabel(source), ...source };
}

/** Why an enquiry looks automated, or null. Bots are stored as spam, not refused, so they learn nothing. */
function spamReason(input: EnquiryRequest, issuedAt: number | null, now: number): string | null {
  const honeypot = input[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  if (issuedAt !== null && now - issuedAt < MIN_FILL_TIME_MS) return 'too_fast';
  return null;
}

export function createEnquiriesService(deps: EnquiriesDeps) {
  const { db, clock, mailer, captcha, limits, background, log } = deps;

  async function send(mail: OutgoingMail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (error) {
      throw new MailSendError(explainMailFailure(error, deps.mailRoute), error);
    }
  }

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
      // Settled, not owed: if the enquiry stays pending (its notice waiting), it is never sent late.
      await repo.updateEnquiry(db, row.id, { visitor_ack_skipped_at: clock.now() });
      return;
    }
    try {
      await send(visitorAcknowledgement(row.email, details));
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
      const noticeOwed = row.business_notified_at === null;
      if (noticeOwed && notifyTo) {
        await send(businessNotification(row, notifyTo, details));
        await repo.updateEnquiry(db, id, { business_notified_at: clock.now() });
      }
      // The acknowledgement needs no business address: a visitor hears back even on a fresh install.
      if (row.visitor_acknowledged_at === null && row.visitor_ack_skipped_at === null)
        await acknowledge(row, details);
      if (noticeOwed && !notifyTo) {
        // Waiting, not failing: no attempt is used up and no retry is scheduled; the notice goes out
        // when an address is saved (sendWaitingForAddress), or at the next retry run that finds one.
        await repo.updateEnquiry(db, id, {
          notify_claimed_until: null,
          notify_next_at: null,
          notify_error: null,
          notify_failure: WAITING_FOR_ADDRESS,
        });
        log.info({ enquiryId: id }, 'enquiry notice waits for a notification address');
        return { status: 'waiting_for_address' };
      }
      await repo.updateEnquiry(db, id, {
        notify_pending: 0,
        notify_claimed_until: null,
        notify_next_at: null,
        notify_error: null,
        notify_failure: null,
      });
      return { status: 'sent' };
    } catch (error) {
      const attempts = row.notify_attempts + 1;
      const failure: MailFailure =
        error instanceof MailSendError ? error.failure : { kind: 'other', sentence: SERVER_TROUBLE_SENTENCE };
      // The transport's own words stay in the row and the log, for whoever runs the server.
      const cause = error instanceof MailSendError ? error.cause : error;
      log.warn({ err: cause, enquiryId: id, attempts }, 'enquiry notification failed; it stays pending');
      await repo.updateEnquiry(db, id, {
        notify_attempts: attempts,
        notify_next_at: clock.now() + retryDelay(attempts),
        notify_claimed_until: null,
        notify_error: (cause instanceof Error ? cause.message : String(cause)).slice(0, 500),
        notify_failure: failure.kind,
      });
      return { status: 'failed', failure };
    }
  }

  async function notifyAll(ids: number[]) {
    let sent = 0;
    let waitingForAddress = 0;
    const failures: MailFailure[] = [];
    // One at a time: a small business has a handful pending, and SMTP servers throttle bursts.
    for (const id of ids) {
      const outcome = await notifyOne(id);
      if (outcome.status === 'sent') sent += 1;
      if (outcome.status === 'waiting_for_address') waitingForAddress += 1;
      if (outcome.status === 'failed') failures.push(outcome.failure);
    }
    return { sent, waitingForAddress, failed: failures.length, failure: failures[0] ?? null };
  }

  /** The notices that waited for an address, now that there may be one. */
  async function sendWaitingForAddress(): Promise<{ sent: number; failed: number }> {
    if (!(await business()).notifyTo) return { sent: 0, failed: 0 };
    const { sent, failed } = await notifyAll(await repo.waitingForAddressIds(db));
    if (sent || failed) log.info({ sent, failed }, 'enquiry notices that waited for an address sent');
    return { sent, failed };
  }

  /**
   * The admin's answer when not everything went: why (in the owner's words), what was sent, what
   * waits, and how many visitors still wait for their acknowledgement.
   */
  function pendingReport(result: Awaited<ReturnType<typeof notifyAll>>, visitorsWaiting: number): string {
    const parts: string[] = [];
    if (result.failure) parts.push(result.failure.sentence);
    if (result.waitingForAddress > 0) parts.push(NO_ADDRESS_SENTENCE);
    if (result.sent > 0) parts.push(`${plural(result.sent, 'enquiry was', 'enquiries were')} sent.`);
    if (result.failed > 0)
      parts.push(
        `${plural(result.failed, 'enquiry', 'enquiries')} could not be sent and ${result.failed === 1 ? 'stays' : 'stay'} pending.`,
      );
    if (result.waitingForAddress > 0)
      parts.push(
        `${plural(result.waitingForAddress, 'enquiry is', 'enquiries are')} waiting for that address and will be sent to you as soon as it is saved.`,
      );
    parts.push(visitorsWaitingSentence(visitorsWaiting));
    return parts.join(' ');
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
          source_utm_source: input.source?.utm_source ?? null,
          source_utm_medium: input.source?.utm_medium ?? null,
          source_utm_campaign: input.source?.utm_campaign ?? null,
          source_referrer_host: input.source?.referrer_host ?? null,
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

    /** Bookings by source over the last `days` London days (sources.ts). */
    bySource: (days: number) => bookingsBySource(db, clock, days),

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
      const moved = await db.transaction().execute((trx) => repo.deleteEnquiries(trx, [id], clock.now()));
      if (moved === 0) throw notFound('Enquiry not found');
    },

    /** All or nothing: if any id is unknown nothing is deleted and the unknown ids are named. */
    async removeMany(ids: number[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const existing = new Set(await repo.existingIds(trx, unique));
        const missing = unique.filter((id) => !existing.has(id));
        const deleted = missing.length === 0 ? await repo.deleteEnquiries(trx, unique, clock.now()) : 0;
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
      if (result.failed > 0 || result.waitingForAddress > 0) {
        const { visitorsWaiting } = await repo.notificationCounts(db);
        const detail = pendingReport(result, visitorsWaiting);
        // 503: the mail server let us down; 409: the site is not set up to send notices yet.
        throw result.failed > 0
          ? new HttpError(503, ERROR_CODES.unavailable, detail)
          : new HttpError(409, ERROR_CODES.conflict, detail);
      }
      return { sent: result.sent };
    },

    /**
     * The background job: pending enquiries whose retry is due, until they run out of automatic
     * attempts. While there is no address to notify, enquiries that wait only for it are left alone.
     */
    async retryDue(): Promise<{ sent: number; failed: number }> {
      const { notifyTo } = await business();
      const due = await repo.pendingIds(db, clock.now(), {
        maxAttempts: MAX_AUTOMATIC_ATTEMPTS,
        skipWaitingForAddress: !notifyTo,
      });
      const { sent, failed } = await notifyAll(due);
      return { sent, failed };
    },

    sendWaitingForAddress,

    /** After a settings change: the notices waiting for an address go out, without delaying the save. */
    sendWaitingForAddressInBackground(): void {
      background.run('enquiry notices waiting for an address', sendWaitingForAddress);
    },

    /** What the pending enquiries owe and why, for the dashboard and the enquiry screen. */
    async notificationStatus(): Promise<NotificationStatus> {
      const [counts, kind] = await Promise.all([repo.notificationCounts(db), repo.latestFailure(db)]);
      return {
        ...counts,
        lastFailure: isMailFailureKind(kind) ? mailFailureSentence(kind, deps.mailRoute) : null,
      };
    },

    /** Where enquiry notices go now: NOTIFY_EMAIL, else a real business e-mail; null while neither. */
    async notificationAddress(): Promise<{ address: string; source: 'server' | 'business_details' } | null> {
      if (deps.notifyEmail) return { address: deps.notifyEmail, source: 'server' };
      const { notifyTo } = await business();
      return notifyTo ? { address: notifyTo, source: 'business_details' } : null;
    },

    /** Resolves when background work, including notifications after submissions, has finished (tests). */
    settled: () => background.settled(),
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
