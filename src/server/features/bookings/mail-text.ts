// What a booking's customer is sent (docs/product.md#bookings): the quote, the confirmation, an update,
// a cancellation and the reminders, each with the booking as it is now and a calendar invitation that
// adds, updates or removes it in their calendar (calendar/invitation.ts).
import { formatDay, LONG_DAY } from '#shared/day-names.ts';
import { pounds } from '#shared/booking-money.ts';
import { flattenControlCharacters } from '#shared/control-characters.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import { invitationText, type Invitation } from '../calendar/invitation.ts';
import { bookingUid } from './booking-uid.ts';
import { composeMail, type Block } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { BookingRow } from './repository.ts';
import {
  balanceLine,
  changeLines,
  payingBlock,
  reasonBlock,
  toldDetails,
  type PaymentTerms,
  type ToldDetails,
} from './mail-answers.ts';

/** The business as the customer's mail names it; phone and e-mail null while not set up. */
export interface BusinessContact {
  tradingName: string;
  phone: string | null;
  email: string | null;
  /** The invitation's organiser: the sender in Settings › Mail, else the business e-mail (0471). */
  organizerEmail: string;
  /** The site's public URL: each booking's UID is made from it (bookingUid). */
  publicUrl: string;
}

export interface CustomerMailInput {
  booking: BookingRow;
  kind: string;
  sequence: number;
  business: BusinessContact;
  /** Now (epoch ms) and its London day. */
  now: number;
  today: string;
  /** The customer's page for this booking (customer-link.ts); null once anonymised. */
  pageUrl?: string | null;
  /** An update's: the details as the customer was last told them, to say what changed (0475). */
  previous?: ToldDetails | null;
  /** How to pay and when the balance is due (Settings › Payments), for the confirmation and reminders. */
  payments?: PaymentTerms;
}

/** Header-safe: no control character reaches a subject line. */
const oneLine = (text: string) => flattenControlCharacters(text).trim();

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function datesOf({ start_date, end_date }: BookingRow): string {
  return start_date === end_date
    ? formatDay(start_date, LONG_DAY)
    : `${formatDay(start_date, LONG_DAY)} to ${formatDay(end_date, LONG_DAY)}`;
}

function timesOf({ start_time, end_time }: BookingRow): string {
  if (start_time && end_time) return `${start_time} to ${end_time}`;
  if (start_time) return `from ${start_time}`;
  if (end_time) return `until ${end_time}`;
  return 'to be agreed';
}

/** The deposit asked, or what came in on the day it came (decision 0474). */
function depositOf({ deposit_pence, deposit_paid_on, deposit_paid_pence }: BookingRow): string | null {
  const paid = deposit_paid_pence ?? deposit_pence;
  if (deposit_paid_on !== null && paid !== null)
    return `${pounds(paid)}, paid on ${formatDay(deposit_paid_on, LONG_DAY)}`;
  return deposit_pence === null ? null : pounds(deposit_pence);
}

/** The booking's details for the customer, one "Label: value" line each, the ones that are known. */
export function detailLines(booking: BookingRow): string[] {
  const deposit = depositOf(booking);
  return [
    `${booking.start_date === booking.end_date ? 'Date' : 'Dates'}: ${datesOf(booking)}`,
    `Times: ${timesOf(booking)}`,
    `Place: ${booking.location || 'to be agreed'}`,
    ...(booking.postcode ? [`Postcode: ${booking.postcode}`] : []),
    ...(booking.people !== null ? [`People: ${booking.people}`] : []),
    ...(booking.price_pence !== null ? [`Price: ${pounds(booking.price_pence)}`] : []),
    ...(deposit ? [`Deposit: ${deposit}`] : []),
    // Never the notes: they are the owner's own (a gate code, what was haggled), not the customer's.
  ];
}

/** The opening sentence and subject for each kind of mail. */
function wording(input: CustomerMailInput): { subject: string; opening: string } {
  const { booking, kind, business, today } = input;
  const name = business.tradingName;
  const when = formatDay(booking.start_date, LONG_DAY);
  if (kind === 'confirmation')
    return {
      subject: `Your booking with ${name} is confirmed: ${when}`,
      opening: `Your booking with ${name} is confirmed. The details are below, and the attached invitation adds it to your calendar.`,
    };
  if (kind === 'update')
    return {
      subject: `Your booking with ${name} has changed: ${when}`,
      opening: `Your booking with ${name} has changed. Here it is as it now stands; the attached invitation updates your calendar.`,
    };
  if (kind === 'cancellation')
    return {
      subject: `Your booking with ${name} on ${when} is cancelled`,
      opening: `Your booking with ${name} on ${when} has been cancelled. The attached update removes it from your calendar.`,
    };
  if (kind === 'quote')
    return {
      subject: `Your quote from ${name}: ${when}`,
      opening:
        `Here is our quote for your booking with ${name}. The details and the price are below.` +
        (booking.hold_expires_at === null
          ? ''
          : // A hold lapses at the start of a day (hold-lapse.ts): the day before is the last it holds.
            ` We are holding the date for you until the end of ${formatDay(londonDay(booking.hold_expires_at - 1), LONG_DAY)}.`),
    };
  const days = daysBetween(today, booking.start_date);
  const soon = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return {
    subject: `Reminder: your booking with ${name} is ${soon} (${when})`,
    opening: `A reminder: your booking with ${name} is ${soon}. The details are below.`,
  };
}

function contactLine(business: BusinessContact): string {
  const ways = [
    ...(business.phone ? [`call us on ${business.phone}`] : []),
    ...(business.email ? [`e-mail ${business.email}`] : []),
  ];
  return ways.length
    ? `Any questions? Please ${ways.join(' or ')}.\n\n${business.tradingName}`
    : business.tradingName;
}

/** The invitation for the mail: the same UID for the life of the booking, at the mail's sequence. */
export function invitationFor(input: CustomerMailInput): Invitation {
  const { booking, business } = input;
  return {
    method: input.kind === 'cancellation' ? 'CANCEL' : 'REQUEST',
    uid: bookingUid(booking.id, business.publicUrl),
    sequence: input.sequence,
    writtenAt: input.now,
    startDay: booking.start_date,
    endDay: booking.end_date,
    startTime: booking.start_time,
    endTime: booking.end_time,
    summary: `${business.tradingName}: mobile airsoft range`,
    location: [booking.location, booking.postcode].filter(Boolean).join(', '),
    description: detailLines(booking).join('\n'),
    organizer: { name: business.tradingName, email: business.organizerEmail },
    attendee: { name: booking.customer_name, email: booking.customer_email },
  };
}

/**
 * The customer's page, in one line near the end of every mail (docs/decisions/0473); a quote says
 * that the quote is accepted there.
 */
export function pageLine(kind: string, pageUrl: string | null | undefined): Block[] {
  if (!pageUrl) return [];
  const label =
    kind === 'quote'
      ? "To accept this quote, or to ask for a change, open your booking's page"
      : kind === 'cancellation'
        ? 'See the cancelled booking, or write to us about it'
        : 'See your booking, add it to your calendar or ask for a change';
  return [{ label, link: pageUrl }];
}

/**
 * What a cancellation says of money already paid (decision 0471): the deposit is not listed as if
 * the booking stood; the customer is told it will be dealt with, and how to ask.
 */
function moneyAfterCancelling(booking: BookingRow): string[] {
  const paid = booking.deposit_paid_pence ?? booking.deposit_pence;
  if (paid === null || booking.deposit_paid_on === null) return [];
  return [
    `You paid a deposit of ${pounds(paid)} on ${formatDay(booking.deposit_paid_on, LONG_DAY)}. ` +
      'We will be in touch about it; if you have not heard from us within a week, please contact us.',
  ];
}

/** Above the details (docs/decisions/0475): what changed in an update, why it was cancelled. */
function answersBefore(input: CustomerMailInput): string[] {
  if (input.kind === 'cancellation') return reasonBlock(input.booking);
  if (input.kind !== 'update' || !input.previous) return [];
  const changes = changeLines(input.previous, toldDetails(input.booking));
  return changes.length ? [['What changed:', ...changes].join('\n')] : [];
}

/** Below the details: how and when to pay (the confirmation), the balance again (a reminder). */
function answersAfter({ kind, booking, payments, today }: CustomerMailInput): string[] {
  if (!payments) return [];
  if (kind === 'confirmation') return payingBlock(booking, payments, today);
  return kind.startsWith('reminder-') ? balanceLine(booking, payments, today) : [];
}

export function customerMail(input: CustomerMailInput): OutgoingMail {
  const { booking, business } = input;
  const { subject, opening } = wording(input);
  const cancelled = input.kind === 'cancellation';
  const mail = composeMail(booking.customer_email, oneLine(subject), [
    `Dear ${booking.customer_name},`,
    opening,
    ...answersBefore(input),
    // A cancelled booking's details are what was cancelled; its money is said apart, once.
    (cancelled
      ? detailLines(booking).filter((line) => !line.startsWith('Deposit:'))
      : detailLines(booking)
    ).join('\n'),
    ...(cancelled ? moneyAfterCancelling(booking) : []),
    ...answersAfter(input),
    ...pageLine(input.kind, input.pageUrl),
    contactLine(business),
  ]);
  const withReply = { ...mail, ...(business.email ? { replyTo: business.email } : {}) };
  // A reminder changes nothing in the customer's calendar, and a quote is not in it yet: neither
  // carries an invitation.
  if (input.kind.startsWith('reminder-') || input.kind === 'quote') return withReply;
  const invitation = invitationFor(input);
  return {
    ...withReply,
    icalEvent: { method: invitation.method, filename: 'invite.ics', content: invitationText(invitation) },
  };
}

/** The reminders of a booking starting on `start` that are due `today`: the nearest one only. */
export function dueReminder(reminderDays: readonly number[], start: string, today: string): number | null {
  const left = daysBetween(today, start);
  if (left < 1) return null;
  const due = reminderDays.filter((days) => days >= left);
  return due.length ? Math.min(...due) : null;
}

/** The first day a reminder `days` before `start` may go. */
export const reminderDay = (start: string, days: number) => addDays(start, -days);
