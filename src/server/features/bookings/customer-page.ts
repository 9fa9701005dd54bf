// What the customer's page shows and the two things it lets them do (issue 36, item 6;
// docs/decisions/0473): accept a quote — through the very confirmation the owner uses, so the same
// one-day rule and the same mail follow — and ask for a change or a cancellation, which is kept with
// the booking and told to the owner. Nothing of anyone else is read for it.
import { formatDay } from '#shared/day-names.ts';
import { londonDay } from '#shared/london-days.ts';
import { controlRanges, flattenControlCharacters } from '#shared/control-characters.ts';
import { composeMail } from '../../mail/compose.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bookingOfToken, customerToken } from './customer-link.ts';
import { daysFrom } from './days.ts';
import type { BookingsDeps } from './deps.ts';
import * as mails from './mail-repository.ts';
import { detailLines } from './mail-text.ts';
import * as repo from './repository.ts';
import { confirmBooking } from './states.ts';

/** The most a message may hold, in characters, once its line breaks are plain new lines. */
export const MESSAGE_MAX = 2000;
/** Messages one booking may send in a day: enough to correct oneself, too few to flood the owner. */
export const MESSAGES_PER_DAY = 10;
// The site service seeds this address until a superadmin enters the real one; never name it.
const PLACEHOLDER_EMAIL = 'placeholder@example.com';

export interface CustomerPageView {
  booking: repo.BookingRow;
  /** Accept is offered: a hold the owner sent as a quote, not lapsed. */
  acceptable: boolean;
  /** Whether the customer may still write about it (a booking that is not finished). */
  writable: boolean;
  /** The calendar file is offered (a booking that stands). */
  calendar: boolean;
  business: { tradingName: string; phone: string | null; email: string | null };
}

/** Whether a hold the owner quoted may be accepted now. */
const acceptableNow = (booking: repo.BookingRow, quoted: boolean, now: number) =>
  booking.state === 'provisional' &&
  quoted &&
  booking.hold_expires_at !== null &&
  booking.hold_expires_at > now &&
  booking.start_date >= londonDay(now);

async function businessOf(deps: BookingsDeps) {
  const site = await deps.site.get();
  const real = !site.is_placeholder;
  return {
    tradingName: site.trading_name,
    phone: real && site.phone ? site.phone : null,
    email: real && site.email && site.email !== PLACEHOLDER_EMAIL ? site.email : null,
  };
}

/** The page of the booking `token` opens; undefined for any token that is not a current link. */
export async function customerPage(deps: BookingsDeps, token: string): Promise<CustomerPageView | undefined> {
  const id = await bookingOfToken(deps.db, token);
  const booking = id === undefined ? undefined : await repo.findBooking(deps.db, id);
  if (!booking) return undefined;
  const quoted = await mails.wasQuoted(deps.db, booking.id);
  return {
    booking,
    acceptable: acceptableNow(booking, quoted, deps.clock.now()),
    writable: booking.state === 'provisional' || booking.state === 'confirmed',
    calendar: booking.state === 'confirmed' || booking.state === 'completed',
    business: await businessOf(deps),
  };
}

/** Why an acceptance was not made, in the page's words (customer-page-html.ts). */
export type AcceptOutcome = 'accepted' | 'taken' | 'not-offered' | 'changed' | 'already';

/** A reason the acceptance is refused before anything is written. */
class NotOffered extends Error {
  constructor(readonly outcome: 'not-offered' | 'changed') {
    super(outcome);
  }
}

/**
 * The customer accepts the quote as they saw it (`seen`: the booking's version on their page): it
 * is confirmed through confirmBooking, in one transaction, or not at all. A day another booking or
 * an event took meanwhile is 'taken', and the owner is told.
 */
export async function acceptQuote(
  deps: BookingsDeps,
  bookingId: number,
  seen: number,
): Promise<AcceptOutcome> {
  try {
    await confirmBooking(deps, bookingId, async (trx, before) => {
      if (!acceptableNow(before, await mails.wasQuoted(trx, before.id), deps.clock.now()))
        throw new NotOffered('not-offered');
      if (before.version !== seen) throw new NotOffered('changed');
    });
    return 'accepted';
  } catch (error) {
    if (error instanceof NotOffered) return error.outcome;
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    // Read after the rollback: confirmed meanwhile by the owner, or a day now someone else's.
    const booking = await repo.findBooking(deps.db, bookingId);
    if (booking?.state === 'confirmed') return 'already';
    if (!booking || booking.state !== 'provisional') return 'not-offered';
    const holder = await repo.holderOfDays(deps.db, daysFrom(booking.start_date, booking.end_date));
    if (!holder) return 'changed';
    tellOwner(deps, booking, {
      subject: `${booking.customer_name} could not accept their quote: ${formatDay(holder.day)} is taken`,
      lines: [
        `${booking.customer_name} pressed Accept on their quote, but ${formatDay(holder.day)} is now ` +
          (holder.event_id !== null
            ? `taken by the event "${holder.event_name ?? ''}".`
            : `booked for ${holder.customer_name ?? 'another customer'} (booking ${holder.booking_id}).`),
        'Their page told them the date has just been taken and that you will be in touch with another.',
      ],
    });
    return 'taken';
  }
}

/** A message refused, and why; or the message kept. */
export type MessageOutcome = 'sent' | 'empty' | 'too-long' | 'control' | 'too-many' | 'closed';

// Control characters but tab and line feed: a message's layout is its writer's, nothing else is.
const NOT_TEXT = new RegExp(`[${controlRanges('\t\n')}]`);

/** The text as kept: the browser's CRLF line breaks as plain new lines, the ends trimmed. */
export const messageText = (raw: string) => raw.replace(/\r\n?/g, '\n').trim();

/** Checks the message; undefined when it may be kept. */
export function messageProblem(
  raw: string,
): Exclude<MessageOutcome, 'sent' | 'too-many' | 'closed'> | undefined {
  const text = messageText(raw);
  if (NOT_TEXT.test(text)) return 'control';
  if (text === '') return 'empty';
  if ([...text].length > MESSAGE_MAX) return 'too-long';
  return undefined;
}

/** The customer asks for a change or a cancellation: kept with the booking, and the owner is told. */
export async function askForChange(
  deps: BookingsDeps,
  bookingId: number,
  raw: string,
): Promise<MessageOutcome> {
  const problem = messageProblem(raw);
  if (problem) return problem;
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await repo.findBooking(db, bookingId);
  if (!booking || (booking.state !== 'provisional' && booking.state !== 'confirmed')) return 'closed';
  const body = messageText(raw);
  const kept = await db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('booking_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('booking_id', '=', bookingId)
      .where('created_at', '>', now - 24 * 60 * 60 * 1000)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MESSAGES_PER_DAY) return false;
    await trx
      .insertInto('booking_messages')
      .values({ booking_id: bookingId, body, created_at: now })
      .execute();
    return true;
  });
  if (!kept) return 'too-many';
  tellOwner(deps, booking, {
    subject: `${booking.customer_name} asks for a change to their booking on ${formatDay(booking.start_date)}`,
    lines: [`${booking.customer_name} wrote from their booking's page:`, body],
    replyTo: booking.customer_email,
  });
  return 'sent';
}

/** What the customer has written from their page, oldest first (the owner's panel). */
export const messagesOf = (deps: BookingsDeps, bookingId: number) =>
  deps.db
    .selectFrom('booking_messages')
    .select(['body', 'created_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The customer's page address for the owner's panel: made on first use (null once anonymised). */
export const pageTokenOf = (deps: BookingsDeps, bookingId: number) =>
  customerToken(deps.db, bookingId, deps.clock.now());

/**
 * A notice to the owner (NOTIFY_EMAIL, else the business e-mail), in the background after the
 * answer. What the customer wrote is already kept with the booking, so a notice that cannot go is
 * logged, not retried: the owner sees the message in the booking's panel either way.
 */
function tellOwner(
  deps: BookingsDeps,
  booking: repo.BookingRow,
  notice: { subject: string; lines: string[]; replyTo?: string },
): void {
  deps.background.run('customer notice', async () => {
    const business = await businessOf(deps);
    const to = deps.notifyEmail ?? business.email;
    if (!to) {
      deps.log.info({ bookingId: booking.id }, 'customer notice not sent: no address to notify');
      return;
    }
    const adminUrl = `${deps.publicUrl.replace(/\/$/, '')}/admin/bookings?booking=${booking.id}`;
    const subject = flattenControlCharacters(notice.subject).slice(0, 200);
    const mail = composeMail(to, subject, [
      ...notice.lines,
      detailLines(booking).join('\n'),
      { label: 'Open the booking', link: adminUrl },
    ]);
    try {
      await deps.mailer.send({ ...mail, ...(notice.replyTo ? { replyTo: notice.replyTo } : {}) });
    } catch (error) {
      deps.log.warn({ err: error, bookingId: booking.id }, 'customer notice not sent');
    }
  });
}
