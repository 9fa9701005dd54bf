// Bookings: an enquiry turned into a dated, priced booking, and the days it takes
// (docs/product.md#bookings, docs/decisions/0454). Money is whole pence; days are Europe/London
// calendar days (YYYY-MM-DD); times are the owner's wall-clock times (HH:MM).
import { z } from 'zod';
import { settleMoney } from '../booking-money.ts';
import { singleLine, stripControlCharactersButLayout } from '../control-characters.ts';
import { BOOKING_LIMITS, BOOKING_STATES } from '../constants.ts';
import { londonClockChange } from '../london-time.ts';
import { idString, successResponse } from './common.ts';
import { calendarDay } from './dates.ts';
import { optionalPhone, storedPhone } from './phone.ts';

export type BookingState = (typeof BOOKING_STATES)[number];

const time = z
  .string({ error: 'must be a time such as 09:30' })
  .regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time such as 09:30')
  .nullable()
  .default(null);

const pence = z
  .number({ error: 'must be a whole number of pence' })
  .int('must be a whole number of pence')
  .min(0, 'cannot be negative')
  .max(BOOKING_LIMITS.maxPence, `must be at most ${BOOKING_LIMITS.maxPence} pence (£1,000,000)`)
  .nullable()
  .default(null);

/** An amount received or refunded; left out beside its day, the usual one (booking-money.ts). */
const receivedPence = z
  .number({ error: 'must be a whole number of pence' })
  .int('must be a whole number of pence')
  .min(0, 'cannot be negative')
  .max(BOOKING_LIMITS.maxPence, `must be at most ${BOOKING_LIMITS.maxPence} pence (£1,000,000)`)
  .nullable()
  .optional();

const text = (max: number, clean: (value: string) => string = singleLine) =>
  z
    .string({ error: 'must be text' })
    .meta({ maxLength: max })
    .transform(clean)
    .pipe(z.string().trim().max(max, `must be at most ${max} characters`))
    .default('');

/** A UK postcode, spaced and upper-cased ("sw1a 1aa" → "SW1A 1AA"); empty when not known yet. */
const postcode = text(BOOKING_LIMITS.postcode)
  .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2})?$/, 'must be a UK postcode such as SW1A 1AA'),
  )
  .transform((value) => (value ? `${value.slice(0, -3)} ${value.slice(-3)}` : ''));

export const people = z
  .number({ error: 'must be a whole number of people' })
  .int('must be a whole number of people')
  .min(1, 'must be at least 1')
  .max(BOOKING_LIMITS.maxPeople, `must be at most ${BOOKING_LIMITS.maxPeople}`);

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * A time the UK clock skips or reads twice on a clock-change day is refused (docs/decisions/0459):
 * the owner, the customer's calendar and the reminders would each read it their own way.
 */
function clockChangeProblem(day: string, time: string | null): string | undefined {
  const change = time === null ? undefined : londonClockChange(day, time);
  if (change === 'skipped')
    return `does not exist on ${day}: UK clocks go forward from 01:00 to 02:00; choose 02:00 or later`;
  if (change === 'repeated')
    return `happens twice on ${day}: UK clocks go back from 02:00 to 01:00; choose 02:00 or later, or before 01:00`;
  return undefined;
}

/** What the owner fills in to book: the same for a new booking and an edit. */
export const bookingInput = z
  .object({
    start_date: calendarDay,
    /** The last day of a multi-day booking; the start day when left out. */
    end_date: calendarDay.nullable().default(null),
    start_time: time,
    end_time: time,
    location: text(BOOKING_LIMITS.location),
    postcode,
    people: people.nullable().default(null),
    price_pence: pence,
    deposit_pence: pence,
    /** The day the deposit was received; null while it is not. */
    deposit_paid_on: calendarDay.nullable().default(null),
    /** How much of it came in; left out beside deposit_paid_on, the deposit asked (decision 0474). */
    deposit_paid_pence: receivedPence,
    /** The day the balance was received; null while it is not. */
    balance_paid_on: calendarDay.nullable().default(null),
    /** How much came in then; left out beside balance_paid_on, the price less the deposit received. */
    balance_paid_pence: receivedPence,
    notes: text(BOOKING_LIMITS.notes, stripControlCharactersButLayout),
    /** The owner allows another confirmed booking on the same day (two crews, a shared site). */
    shares_day: z.boolean({ error: 'must be true or false' }).default(false),
    /**
     * The customer's number (issue 36). Left out: a new booking takes its enquiry's, an edit keeps the
     * booking's; null or '' removes it.
     */
    customer_phone: optionalPhone,
  })
  .transform((input) => ({ ...input, end_date: input.end_date ?? input.start_date }))
  .superRefine((input, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const days = dayCount(input.start_date, input.end_date);
    if (days < 1) fail('end_date', 'must be on or after the start date');
    else if (days > BOOKING_LIMITS.maxDays)
      fail('end_date', `must be at most ${BOOKING_LIMITS.maxDays} days after the start`);
    if (input.end_time && !input.start_time) fail('end_time', 'needs a start time');
    else if (days === 1 && input.start_time && input.end_time && input.end_time <= input.start_time)
      fail('end_time', 'must be after the start time');
    for (const [field, day] of [
      ['start_time', input.start_date],
      ['end_time', input.end_date],
    ] as const) {
      const problem = clockChangeProblem(day, input[field]);
      if (problem) fail(field, problem);
    }
    if (input.deposit_pence !== null && input.price_pence !== null && input.deposit_pence > input.price_pence)
      fail('deposit_pence', 'cannot be more than the price');
    const money = settleMoney(input, input);
    if (!money.ok) fail(money.field, money.message);
  })
  // The amounts the owner left out beside their days, filled in (refunds are the money call's).
  .transform((input) => {
    const money = settleMoney(input, input);
    if (!money.ok) return input;
    const { deposit_paid_pence, balance_paid_pence } = money.money;
    return { ...input, deposit_paid_pence, balance_paid_pence };
  });
export type BookingInput = z.infer<typeof bookingInput>;

/**
 * PUT /api/admin/bookings/{id}/money: the money a booking has received and refunded, as a whole,
 * on a booking in any state — a cancelled one's too, whose deposit was kept or refunded (decision
 * 0474). A day left out is none; an amount left out beside its day is the usual one.
 */
export const moneyInput = z.object({
  deposit_paid_on: calendarDay.nullable().default(null),
  /** Left out beside deposit_paid_on: the deposit asked. */
  deposit_paid_pence: receivedPence,
  balance_paid_on: calendarDay.nullable().default(null),
  /** Left out beside balance_paid_on: the price less the deposit received. */
  balance_paid_pence: receivedPence,
  /** The day money went back to the customer; only on a cancelled booking. */
  refunded_on: calendarDay.nullable().default(null),
  /** Left out beside refunded_on: everything received. At most what was received. */
  refunded_pence: receivedPence,
});
export type MoneyInput = z.infer<typeof moneyInput>;

export const booking = z.object({
  id: z.number(),
  /** The enquiry it was made from; null once that enquiry is deleted for good. */
  enquiry_id: z.number().nullable(),
  state: z.enum(BOOKING_STATES),
  customer_name: z.string(),
  customer_email: z.string(),
  /** The number to ring the customer on, as E.164; null when none. */
  customer_phone: storedPhone,
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  location: z.string(),
  postcode: z.string(),
  people: z.number().nullable(),
  price_pence: z.number().nullable(),
  deposit_pence: z.number().nullable(),
  deposit_paid_on: z.string().nullable(),
  /** Money received and refunded (docs/decisions/0474): each day with its amount, or neither. */
  deposit_paid_pence: z.number().nullable(),
  balance_paid_on: z.string().nullable(),
  balance_paid_pence: z.number().nullable(),
  refunded_on: z.string().nullable(),
  refunded_pence: z.number().nullable(),
  notes: z.string(),
  shares_day: z.boolean(),
  /** When a provisional hold lapses (ISO time); null once confirmed, completed or cancelled. */
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the owner gave as the reason when cancelling (docs/decisions/0475); null: none. */
  cancel_reason: z.string().nullable(),
  /**
   * Raised by every change. An edit names the one it was made from in If-Match, and is refused
   * once someone else has changed the booking since (docs/decisions/0476).
   */
  version: z.number(),
});
export type Booking = z.infer<typeof booking>;

/** A message to the customer about the booking, and what became of it. */
export const bookingMail = z.object({
  /** quote, confirmation, update, cancellation, or reminder-<days before> (reminder-7, reminder-1). */
  kind: z.string().regex(/^(?:quote|confirmation|update|cancellation|reminder-[1-9][0-9]*)$/),
  /** The booking's sequence the mail was made at: its calendar invitation's SEQUENCE. */
  sequence: z.number(),
  /**
   * sent: a mail server took it; saved: no mail server was set, so it was only written to the outbox
   * as a file — not delivered, and not tried again; pending: not sent yet (or being sent); failed:
   * the last attempt failed, see `error`.
   */
  state: z.enum(['sent', 'saved', 'pending', 'failed']),
  /** When it was sent or saved; for a failed one, the last attempt; for a pending one, when it was made. */
  at: z.string(),
  /** Why the last attempt failed, in the owner's words; null unless failed. */
  error: z.string().nullable(),
  /** When it is tried again by itself; null when it is sent or will not be. */
  retry_at: z.string().nullable(),
});
export type BookingMail = z.infer<typeof bookingMail>;

/** What the customer wrote from their booking's page (docs/decisions/0473). */
export const customerMessage = z.object({ at: z.string(), text: z.string() });
export type CustomerMessage = z.infer<typeof customerMessage>;

/**
 * One booking as its own page shows it: with the mail it has sent its customer, oldest first; the
 * address of the customer's own page (null once anonymised) and what they wrote there, oldest first.
 */
export const bookingDetail = booking.extend({
  mails: z.array(bookingMail),
  customer_link: z.string().nullable(),
  customer_messages: z.array(customerMessage),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

export const bookingAnswer = successResponse.extend({ booking: bookingDetail });
export const bookingList = successResponse.extend({ bookings: z.array(booking) });

/** `to` on or after `from`, and at most `maxDays` days from it (both counted). */
const withinDays =
  (maxDays: number) =>
  ({ from, to }: { from: string; to: string }, context: z.RefinementCtx) => {
    const days = dayCount(from, to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    else if (days > maxDays)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${maxDays} days after from`,
      });
  };

/** A window of days, as the calendar and the availability ask for them. */
export const dayWindowQuery = z
  .object({ from: calendarDay, to: calendarDay })
  .superRefine(withinDays(BOOKING_LIMITS.availabilityDays));

/**
 * GET /api/admin/bookings/day-check: the days a booking form is about to ask for (at most
 * BOOKING_LIMITS.maxDays), and the booking being edited, which does not clash with itself.
 */
export const dayCheckQuery = z
  .object({ from: calendarDay, to: calendarDay, booking: idString.optional() })
  .superRefine(withinDays(BOOKING_LIMITS.maxDays));

/** Someone or something else on one of the days (docs/decisions/0469). */
export const dayOccupant = z.object({
  day: z.string(),
  kind: z.enum(['booking', 'event']),
  id: z.number().int(),
  /** The customer, or the event's name. */
  name: z.string(),
  /** A booking's state; an event is 'event'. */
  state: z.string(),
  /** Confirming on this day would be refused because of it (it takes the day alone). */
  blocks: z.boolean(),
});
export type DayOccupant = z.infer<typeof dayOccupant>;

export const dayCheckAnswer = successResponse.extend({
  occupants: z.array(dayOccupant),
  /** The nearest free runs of as many days, before and after (none before today), at most two. */
  nearest_free: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type DayCheck = z.infer<typeof dayCheckAnswer>;

/** GET /api/availability: the days already booked, and nothing about who booked them. */
export const availability = z.object({ from: z.string(), to: z.string(), taken: z.array(z.string()) });
export type Availability = z.infer<typeof availability>;

/**
 * The signed-in admin's own bookings calendar feed: its secret address, which ends with their account
 * (docs/product.md#bookings, docs/decisions/0461).
 */
export const bookingsFeed = successResponse.extend({ url: z.string() });
