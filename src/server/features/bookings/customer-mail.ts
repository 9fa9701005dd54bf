// Sending a booking's customer their mail (docs/decisions/0454). A change to a confirmed booking
// records the mail it owes in its own transaction; the mail goes in the background after the answer
// (shutdown waits for it), and a failed one is retried on the enquiry notices' schedule by the
// periodic job, which also makes the reminders — each once, whichever instance gets there first.
// A mail written to the outbox (no mail server set) is recorded as saved, not sent: nobody got it,
// and it is not tried again either (issue 28, docs/decisions/0440).
import { londonDay } from '#shared/london-days.ts';
import { londonLocalValue } from '#shared/london-time.ts';
import type { BookingMail } from '#shared/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { toIso } from '../../lib/clock.ts';
import { explainMailFailure } from '../../mail/failures.ts';
import type { MailReceipt } from '../../mail/mailer.ts';
import { customerPageUrl, customerToken } from './customer-link.ts';
import { MAX_AUTOMATIC_ATTEMPTS } from '../enquiries/notification-status.ts';
import { retryDelay } from '../enquiries/notify.ts';
import type { BookingsDeps } from './deps.ts';
import * as mails from './mail-repository.ts';
import { customerMail, dueReminder, reminderDay, type BusinessContact } from './mail-text.ts';
import { readTold, type ToldDetails } from './mail-answers.ts';
import * as repo from './repository.ts';

/** One sender at a time per mail; longer than any SMTP timeout, so a crashed sender's claim lapses. */
export const CLAIM_MS = 5 * 60 * 1000;
// The site service seeds this address until a superadmin enters the real one; never name it.
const PLACEHOLDER_EMAIL = 'placeholder@example.com';
/** A send that failed for a reason other than mail (the database, say): nothing the owner can fix. */
const SERVER_TROUBLE =
  'Something went wrong on the server while sending — it is tried again by itself; tell whoever set up the server if it keeps happening.';

export type Outcome = 'sent' | 'saved' | 'failed' | 'skipped';

/**
 * In the caller's transaction: the mail a change owes the customer (none once anonymised); an update
 * is given what the customer was told before it, to say what changed.
 */
export async function oweChangeMail(
  trx: Db,
  row: repo.BookingRow,
  kind: mails.ChangeKind,
  now: number,
  told: ToldDetails | null = null,
) {
  if (!row.customer_email) return;
  await mails.queueChangeMail(trx, { booking_id: row.id, kind, sequence: row.sequence }, now, told);
}

/** After the change is committed: its mail goes without holding up the admin's answer. */
export function sendSoon(deps: BookingsDeps, bookingId: number): void {
  deps.background.run('booking mail', () => sendDue(deps, bookingId));
}

const addressIn = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export async function businessContact(deps: BookingsDeps): Promise<BusinessContact> {
  const site = await deps.site.get();
  const real = !site.is_placeholder;
  const email = real && site.email && site.email !== PLACEHOLDER_EMAIL ? site.email : null;
  return {
    tradingName: site.trading_name,
    phone: real && site.phone ? site.phone : null,
    email,
    // Who sent the invitation: the sender saved in Settings › Mail, else the business's own address,
    // else MAIL_FROM's (decision 0471).
    organizerEmail: (await deps.savedSenderAddress()) ?? email ?? addressIn(deps.mailFrom),
    publicUrl: deps.publicUrl,
  };
}

/** Whether the booking still wants this mail: a cancelled booking is not reminded, say. */
function stillOwed(booking: repo.BookingRow | undefined, kind: string): booking is repo.BookingRow {
  if (!booking?.customer_email) return false;
  if (kind === 'quote') return booking.state === 'provisional';
  return kind === 'cancellation' ? booking.state === 'cancelled' : booking.state === 'confirmed';
}

/**
 * Sends a mail this instance has claimed, and records what happened. `wording` is the kind it reads
 * as: an update resent to a customer who never got the confirmation reads as one (decision 0475).
 */
export async function deliver(
  deps: BookingsDeps,
  row: mails.BookingMailRow,
  wording: string = row.kind,
): Promise<Outcome> {
  const { db, clock } = deps;
  try {
    const booking = await repo.findBooking(db, row.booking_id);
    if (!stillOwed(booking, row.kind)) {
      await mails.dropMail(db, row);
      return 'skipped';
    }
    const now = clock.now();
    const business = await businessContact(deps);
    const mail = customerMail({
      booking,
      kind: wording,
      sequence: row.sequence,
      business,
      now,
      today: londonDay(now),
      pageUrl: await customerPageOf(deps, booking.id, now),
      previous: readTold(row.previous_details),
      payments: await deps.payments.get(),
    });
    let receipt: MailReceipt | undefined;
    try {
      receipt = await deps.mailer.send(mail);
    } catch (error) {
      await recordFailure(deps, row, error, explainMailFailure(error, await deps.mailRoute()).sentence);
      return 'failed';
    }
    const done = (await wentToOutbox(deps, receipt)) ? 'saved' : 'sent';
    await mails.recordDone(db, row, done, clock.now());
    return done;
  } catch (error) {
    await recordFailure(deps, row, error, SERVER_TROUBLE);
    return 'failed';
  }
}

/**
 * Whether this message only reached the outbox: what the transport did with it, not what the
 * settings say now. A mailer that does not say (a test's) is taken at the route; a route that cannot
 * be read then counts the message as sent, never as failed, so the customer is not mailed twice.
 */
async function wentToOutbox(deps: BookingsDeps, receipt: MailReceipt | undefined): Promise<boolean> {
  if (receipt) return receipt.transport === 'outbox';
  return deps.mailRoute().then(
    (route) => route.transport === 'outbox',
    () => false,
  );
}

async function recordFailure(
  deps: BookingsDeps,
  row: mails.BookingMailRow,
  error: unknown,
  sentence: string,
) {
  const attempts = row.attempts + 1;
  const now = deps.clock.now();
  // The transport's own words go to the log, for whoever runs the server; the owner reads the sentence.
  deps.log.warn({ err: error, bookingId: row.booking_id, kind: row.kind, attempts }, 'booking mail not sent');
  await mails.recordFailed(deps.db, row, {
    attempts,
    nextAt: attempts >= MAX_AUTOMATIC_ATTEMPTS ? null : now + retryDelay(attempts),
    error: sentence,
    now,
  });
}

async function sendOne(deps: BookingsDeps, key: mails.MailKey): Promise<Outcome> {
  const now = deps.clock.now();
  const row = await mails.claimMail(deps.db, key, now, now + CLAIM_MS);
  return row ? deliver(deps, row) : 'skipped';
}

/** How many went to a mail server, were only saved as files (not delivered), and failed. */
const tally = (outcomes: Outcome[]) => ({
  sent: outcomes.filter((o) => o === 'sent').length,
  saved: outcomes.filter((o) => o === 'saved').length,
  failed: outcomes.filter((o) => o === 'failed').length,
});

/** The unsent mails whose attempt is due (of one booking, or all), one at a time. */
export async function sendDue(deps: BookingsDeps, bookingId?: number) {
  const outcomes: Outcome[] = [];
  for (const key of await mails.dueMails(deps.db, deps.clock.now(), bookingId))
    outcomes.push(await sendOne(deps, key));
  return tally(outcomes);
}

/** Reminders go in the daytime, from this London hour on (decision 0471), not just after midnight. */
export const REMINDER_FROM_HOUR = 9;

/**
 * The reminders due today, from REMINDER_FROM_HOUR London time: for each confirmed booking, the nearest of BOOKING_REMINDER_DAYS not yet
 * passed, unless a change mailed on or after that reminder's day already told the customer (a
 * booking confirmed three days ahead gets no seven-day reminder). The row's primary key decides
 * which instance sends it.
 */
export async function sendDueReminders(deps: BookingsDeps) {
  const { db, clock, reminderDays } = deps;
  if (reminderDays.length === 0) return tally([]);
  const now = clock.now();
  // 'YYYY-MM-DDTHH:mm' on London's clock: before nine, the job looks again at its next run.
  if (Number(londonLocalValue(now).slice(11, 13)) < REMINDER_FROM_HOUR) return tally([]);
  const today = londonDay(now);
  const bookings = await repo.remindable(db, today, Math.max(...reminderDays));
  const sentBefore = await mails.mailsOf(
    db,
    bookings.map((b) => b.id),
  );
  const outcomes: Outcome[] = [];
  for (const booking of bookings) {
    const days = dueReminder(reminderDays, booking.start_date, today);
    if (days === null) continue;
    const key = { booking_id: booking.id, kind: `reminder-${days}`, sequence: booking.sequence };
    const from = reminderDay(booking.start_date, days);
    const told = sentBefore.some(
      (mail) =>
        mail.booking_id === booking.id &&
        ((mail.kind === key.kind && mail.sequence === key.sequence) ||
          ((mails.CHANGE_KINDS as readonly string[]).includes(mail.kind) &&
            londonDay(mail.created_at) >= from)),
    );
    if (told || !(await mails.claimReminder(db, key, now, now + CLAIM_MS))) continue;
    const row = { ...key, state: 'pending', attempts: 0, next_at: now, claimed_until: now + CLAIM_MS };
    const unsent = {
      error: null,
      created_at: now,
      attempted_at: null,
      sent_at: null,
      previous_details: null,
    };
    outcomes.push(await deliver(deps, { ...row, ...unsent }));
  }
  return tally(outcomes);
}

/** The periodic job: today's reminders, then the retries that are due. */
export async function runMailJob(deps: BookingsDeps) {
  const reminders = await sendDueReminders(deps);
  const retries = await sendDue(deps);
  return {
    sent: reminders.sent + retries.sent,
    saved: reminders.saved + retries.saved,
    failed: reminders.failed + retries.failed,
  };
}

export function toBookingMail(row: mails.BookingMailRow): BookingMail {
  const state =
    row.state === 'sent' || row.state === 'saved' || row.state === 'failed' ? row.state : 'pending';
  const at =
    state === 'sent' || state === 'saved'
      ? row.sent_at
      : state === 'failed'
        ? row.attempted_at
        : row.created_at;
  return {
    kind: row.kind,
    sequence: row.sequence,
    state,
    at: toIso(at ?? row.created_at),
    error: state === 'failed' ? row.error : null,
    retry_at: state === 'failed' && row.next_at !== null ? toIso(row.next_at) : null,
  };
}

export async function mailsOfBooking(db: Db, bookingId: number): Promise<BookingMail[]> {
  return (await mails.mailsOf(db, [bookingId])).map(toBookingMail);
}

/** The address of the booking's page for its customer, made on first use; null once anonymised. */
export async function customerPageOf(
  deps: BookingsDeps,
  bookingId: number,
  now: number,
): Promise<string | null> {
  const token = await customerToken(deps.db, bookingId, now);
  return token === null ? null : customerPageUrl(deps.publicUrl, token);
}
