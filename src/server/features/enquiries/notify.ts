// Sending what an enquiry owes: the business notice and the visitor's acknowledgement, each recorded
// as it goes. A failed send leaves the enquiry pending for the retry job (docs/decisions/0202); with
// no address to notify yet, the notice waits without using up retries (docs/decisions/0411).
import { explainMailFailure, type MailFailure } from '../../mail/failures.ts';
import type { MailReceipt, OutgoingMail } from '../../mail/mailer.ts';
import type { EnquiriesDeps } from './deps.ts';
import { businessNotification, visitorAcknowledgement, type Business } from './mail.ts';
import * as repo from './repository.ts';
import { recordSaved } from './saved-mail-repository.ts';
import { WAITING_FOR_ADDRESS, type EnquiryRow } from './repository.ts';

/** One sender at a time per enquiry; longer than any SMTP timeout, so a crashed sender's claim lapses. */
const NOTIFY_CLAIM_MS = 5 * 60 * 1000;
/** Automatic retries back off 1, 2, 4 … minutes up to an hour. */
const RETRY_BASE_MS = 60 * 1000;
const RETRY_MAX_MS = 60 * 60 * 1000;
// The site service seeds this address until a superadmin enters the real one; never mail it.
const PLACEHOLDER_EMAIL = 'placeholder@example.com';
/** A send that failed for a reason other than mail (the database, say): nothing the owner can fix. */
export const SERVER_TROUBLE_SENTENCE =
  'Something went wrong on the server while sending — try again later, and tell whoever set up the server if it keeps happening.';

export type NotifyOutcome =
  | { status: 'sent' }
  | { status: 'skipped' }
  /** The visitor is acknowledged; the business notice waits for an address (not a failure). */
  | { status: 'waiting_for_address' }
  | { status: 'failed'; failure: MailFailure };

export type NotifyAllResult = Awaited<ReturnType<typeof notifyAll>>;

/** A send the mail transport refused, explained; anything else thrown while notifying is not mail's fault. */
export class MailSendError extends Error {
  constructor(
    readonly failure: MailFailure,
    cause: unknown,
  ) {
    super(failure.sentence, { cause });
  }
}

export const retryDelay = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** Sends the mail; true when it only reached the outbox (no mail server), to be offered again later. */
export async function sendMail({ mailer, mailRoute }: EnquiriesDeps, mail: OutgoingMail): Promise<boolean> {
  let receipt: MailReceipt | undefined;
  try {
    receipt = await mailer.send(mail);
  } catch (error) {
    throw new MailSendError(explainMailFailure(error, await mailRoute()), error);
  }
  // A mailer that does not say (a test's) is taken at the route; an unreadable route counts as sent.
  if (receipt) return receipt.transport === 'outbox';
  return mailRoute().then(
    (route) => route.transport === 'outbox',
    () => false,
  );
}

const realAddress = (email: string) => (email && email !== PLACEHOLDER_EMAIL ? email : null);

/** The business as the mails name it, and where its notices go (null while there is no address). */
export async function business(deps: EnquiriesDeps): Promise<{ details: Business; notifyTo: string | null }> {
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
async function acknowledge(deps: EnquiriesDeps, row: EnquiryRow, details: Business): Promise<void> {
  const { db, clock, limits, log } = deps;
  const slot = await limits.takeAcknowledgement(row.email);
  if (!slot) {
    log.info({ enquiryId: row.id }, 'visitor acknowledgement not sent: that mailbox had its share today');
    // Settled, not owed: if the enquiry stays pending (its notice waiting), it is never sent late.
    await repo.updateEnquiry(db, row.id, { visitor_ack_skipped_at: clock.now() });
    return;
  }
  let saved: boolean;
  try {
    saved = await sendMail(deps, visitorAcknowledgement(row.email, details));
  } catch (error) {
    // Not sent, so not counted: a mail server outage must not use up the visitor's share.
    await slot.release();
    throw error;
  }
  await repo.updateEnquiry(db, row.id, { visitor_acknowledged_at: clock.now() });
  if (saved) await recordSaved(db, row.id, 'acknowledgement', clock.now());
}

/** Sends whatever this enquiry still owes (business notice, visitor acknowledgement), recording each. */
export async function notifyOne(deps: EnquiriesDeps, id: number): Promise<NotifyOutcome> {
  const { db, clock, log } = deps;
  const now = clock.now();
  const row = await repo.claimForNotification(db, id, now, now + NOTIFY_CLAIM_MS);
  if (!row) return { status: 'skipped' };
  try {
    const { details, notifyTo } = await business(deps);
    const noticeOwed = row.business_notified_at === null;
    if (noticeOwed && notifyTo) {
      const saved = await sendMail(deps, businessNotification(row, notifyTo, details));
      await repo.updateEnquiry(db, id, { business_notified_at: clock.now() });
      // Written to the outbox only: offered for sending once a mail server is set (decision 0475).
      if (saved) await recordSaved(db, id, 'notice', clock.now());
    }
    // The acknowledgement needs no business address: a visitor hears back even on a fresh install.
    if (row.visitor_acknowledged_at === null && row.visitor_ack_skipped_at === null)
      await acknowledge(deps, row, details);
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
    return { status: 'failed', failure: await recordNotifyFailure(deps, row, error) };
  }
}

/** Counts the failed attempt and schedules the next; returns the failure in the owner's words. */
async function recordNotifyFailure(
  { db, clock, log }: EnquiriesDeps,
  row: EnquiryRow,
  error: unknown,
): Promise<MailFailure> {
  const attempts = row.notify_attempts + 1;
  const failure: MailFailure =
    error instanceof MailSendError ? error.failure : { kind: 'other', sentence: SERVER_TROUBLE_SENTENCE };
  // The transport's own words stay in the row and the log, for whoever runs the server.
  const cause = error instanceof MailSendError ? error.cause : error;
  log.warn({ err: cause, enquiryId: row.id, attempts }, 'enquiry notification failed; it stays pending');
  await repo.updateEnquiry(db, row.id, {
    notify_attempts: attempts,
    notify_next_at: clock.now() + retryDelay(attempts),
    notify_claimed_until: null,
    notify_error: (cause instanceof Error ? cause.message : String(cause)).slice(0, 500),
    notify_failure: failure.kind,
  });
  return failure;
}

export async function notifyAll(deps: EnquiriesDeps, ids: number[]) {
  let sent = 0;
  let waitingForAddress = 0;
  const failures: MailFailure[] = [];
  // One at a time: a small business has a handful pending, and SMTP servers throttle bursts.
  for (const id of ids) {
    const outcome = await notifyOne(deps, id);
    if (outcome.status === 'sent') sent += 1;
    if (outcome.status === 'waiting_for_address') waitingForAddress += 1;
    if (outcome.status === 'failed') failures.push(outcome.failure);
  }
  return { sent, waitingForAddress, failed: failures.length, failure: failures[0] ?? null };
}

/** The notices that waited for an address, now that there may be one. */
export async function sendWaitingForAddress(deps: EnquiriesDeps): Promise<{ sent: number; failed: number }> {
  if (!(await business(deps)).notifyTo) return { sent: 0, failed: 0 };
  const { sent, failed } = await notifyAll(deps, await repo.waitingForAddressIds(deps.db));
  if (sent || failed) deps.log.info({ sent, failed }, 'enquiry notices that waited for an address sent');
  return { sent, failed };
}
