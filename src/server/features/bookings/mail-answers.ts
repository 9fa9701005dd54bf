// What the customer's mail answers beyond the booking's details (issue 36, item 5;
// docs/decisions/0475): what changed (old → new), why a booking was cancelled, and the money — the
// balance, when it is due, and how to pay, with a reference that is the booking's own.
import { formatDay, LONG_DAY } from '#shared/day-names.ts';
import { pounds } from '#shared/booking-money.ts';
import { addDays } from '#shared/london-days.ts';
import { sortCodeText, type PaymentSettings } from '#shared/schemas/payments.ts';
import type { BookingRow } from './repository.ts';

/** The details the customer was told, as an update's mail keeps them (booking_mails.previous_details). */
export const TOLD_FIELDS = [
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'location',
  'postcode',
  'people',
  'price_pence',
  'deposit_pence',
  'deposit_paid_on',
] as const;
export type ToldDetails = Pick<BookingRow, (typeof TOLD_FIELDS)[number]>;

export const toldDetails = (row: ToldDetails): ToldDetails =>
  Object.fromEntries(TOLD_FIELDS.map((field) => [field, row[field]])) as ToldDetails;

/** Whether the customer would read any difference between the two. */
export const differs = (a: ToldDetails, b: ToldDetails) => TOLD_FIELDS.some((field) => a[field] !== b[field]);

/** A stored snapshot, or null when there is none or it cannot be read (the mail then lists none). */
export function readTold(json: string | null): ToldDetails | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? toldDetails(value as ToldDetails) : null;
  } catch {
    return null;
  }
}

const days = (d: ToldDetails) =>
  d.start_date === d.end_date
    ? formatDay(d.start_date)
    : `${formatDay(d.start_date)} to ${formatDay(d.end_date)}`;
const times = ({ start_time, end_time }: ToldDetails) =>
  start_time && end_time
    ? `${start_time} to ${end_time}`
    : start_time
      ? `from ${start_time}`
      : end_time
        ? `until ${end_time}`
        : 'to be agreed';
const money = (pence: number | null) => (pence === null ? 'not set' : pounds(pence));
const deposit = (d: ToldDetails) =>
  d.deposit_pence !== null && d.deposit_paid_on
    ? `${pounds(d.deposit_pence)}, paid on ${formatDay(d.deposit_paid_on)}`
    : money(d.deposit_pence);

/** Each line the customer reads, by its label, as one value of the booking shows it. */
const CHANGE_LINES: [label: (d: ToldDetails) => string, value: (d: ToldDetails) => string][] = [
  [(d) => (d.start_date === d.end_date ? 'Date' : 'Dates'), days],
  [() => 'Times', times],
  [() => 'Place', (d) => d.location || 'to be agreed'],
  [() => 'Postcode', (d) => d.postcode || 'none'],
  [() => 'People', (d) => (d.people === null ? 'not set' : String(d.people))],
  [() => 'Price', (d) => money(d.price_pence)],
  [() => 'Deposit', deposit],
];

/** "Date: Fri 14 Aug 2026 → Sat 15 Aug 2026", one line for each thing that reads differently. */
export function changeLines(before: ToldDetails, now: ToldDetails): string[] {
  return CHANGE_LINES.flatMap(([label, value]) => {
    const [was, is] = [value(before), value(now)];
    return was === is ? [] : [`${label(now)}: ${was} → ${is}`];
  });
}

/**
 * The balance: what is left to pay after the deposit (the one asked, or more if more came in) and
 * any balance already received (decision 0474); null while there is no price. The one place the
 * mails work it out.
 */
export function balanceDue(
  booking: Pick<BookingRow, 'price_pence' | 'deposit_pence' | 'deposit_paid_pence' | 'balance_paid_pence'>,
): number | null {
  if (booking.price_pence === null) return null;
  const deposit = Math.max(booking.deposit_pence ?? 0, booking.deposit_paid_pence ?? 0);
  return Math.max(0, booking.price_pence - deposit - (booking.balance_paid_pence ?? 0));
}

/**
 * The booking's own reference for a bank transfer: the customer's surname and the booking number,
 * A–Z and 0–9 only, at most 18 characters (what UK Faster Payments carries), e.g. SHAH42.
 */
export function paymentReference(booking: Pick<BookingRow, 'id' | 'customer_name'>): string {
  const number = String(booking.id);
  const words = booking.customer_name
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const surname = (words.at(-1) ?? 'BOOKING').slice(0, 18 - number.length);
  return `${surname}${number}`;
}

/** How customers pay and when the balance is due (Settings › Payments). */
export type PaymentTerms = Omit<PaymentSettings, 'success' | 'updated_at'>;

/** "by Friday 31 July 2026", or "now" once that day is today or gone. */
export function balanceWhen(start: string, dueDays: number, today: string): string {
  const due = addDays(start, -dueDays);
  return due <= today ? 'now' : `by ${formatDay(due, LONG_DAY)}`;
}

/** The balance's line, for the confirmation and the reminders; none while nothing is left to pay. */
export function balanceLine(booking: BookingRow, terms: PaymentTerms, today: string): string[] {
  const balance = balanceDue(booking);
  if (!balance) return [];
  return [
    `Balance due ${balanceWhen(booking.start_date, terms.balance_due_days, today)}: ${pounds(balance)}`,
  ];
}

/** The confirmation's "Paying" paragraph: what is due when, and how to pay it. */
export function payingBlock(booking: BookingRow, terms: PaymentTerms, today: string): string[] {
  const owed = [
    ...(booking.deposit_pence && !booking.deposit_paid_on
      ? [`Deposit due now: ${pounds(booking.deposit_pence)}`]
      : []),
    ...balanceLine(booking, terms, today),
  ];
  if (owed.length === 0) return [];
  const ways = [
    ...(terms.sort_code
      ? [
          `By bank transfer to ${terms.account_name}, sort code ${sortCodeText(terms.sort_code)}, ` +
            `account number ${terms.account_number}, with the reference ${paymentReference(booking)}.`,
        ]
      : []),
    ...(terms.payment_link ? [`${terms.sort_code ? 'Or pay' : 'Pay'} online: ${terms.payment_link}`] : []),
  ];
  return [['Paying', ...owed, ...(ways.length ? ways : ["We'll send you payment details."])].join('\n')];
}

/** The owner's reason for cancelling, as they typed it (lines kept). */
export const reasonBlock = (booking: BookingRow): string[] =>
  booking.cancel_reason ? [`Reason: ${booking.cancel_reason}`] : [];
