// The booking form's values as typed (all text, but the tick) and the request they make. Amounts are
// read as pounds and pence by money.ts; the rest is checked by the server, whose 400 names the field.
import { readablePhone, readPhone } from '#shared/phone.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import type { BookingFields, MoneyFields } from '../../api/bookings.ts';
import { parsePounds, penceToPounds } from './money.ts';

export interface BookingFormValues {
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  location: string;
  postcode: string;
  people: string;
  price: string;
  deposit: string;
  deposit_paid_on: string;
  /** Money received and refunded (docs/decisions/0474): each day with its amount as typed. */
  deposit_paid: string;
  balance_paid_on: string;
  balance_paid: string;
  refunded_on: string;
  refunded: string;
  notes: string;
  /** The customer's number as typed; the server reads it (a UK or + international number). */
  customer_phone: string;
  shares_day: boolean;
}

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

export const emptyBookingForm = (start_date = ''): BookingFormValues => ({
  start_date,
  end_date: '',
  start_time: '',
  end_time: '',
  location: '',
  postcode: '',
  people: '',
  price: '',
  deposit: '',
  deposit_paid_on: '',
  deposit_paid: '',
  balance_paid_on: '',
  balance_paid: '',
  refunded_on: '',
  refunded: '',
  notes: '',
  customer_phone: '',
  shares_day: false,
});

export const bookingFormOf = (booking: Booking): BookingFormValues => ({
  start_date: booking.start_date,
  end_date: booking.end_date === booking.start_date ? '' : booking.end_date,
  start_time: booking.start_time ?? '',
  end_time: booking.end_time ?? '',
  location: booking.location,
  postcode: booking.postcode,
  people: booking.people === null ? '' : String(booking.people),
  price: penceToPounds(booking.price_pence),
  deposit: penceToPounds(booking.deposit_pence),
  deposit_paid_on: booking.deposit_paid_on ?? '',
  deposit_paid: penceToPounds(booking.deposit_paid_pence),
  balance_paid_on: booking.balance_paid_on ?? '',
  balance_paid: penceToPounds(booking.balance_paid_pence),
  refunded_on: booking.refunded_on ?? '',
  refunded: penceToPounds(booking.refunded_pence),
  notes: booking.notes,
  customer_phone: booking.customer_phone ? readablePhone(booking.customer_phone) : '',
  shares_day: booking.shares_day,
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const MONEY = 'Enter pounds and pence, such as 1,850.00';

/** The request the values make, or what to fix first. */
export function bookingRequest(
  values: BookingFormValues,
): { input: BookingFields; errors?: undefined } | { errors: BookingFormErrors; input?: undefined } {
  const errors: BookingFormErrors = {};
  if (!values.start_date) errors.start_date = 'Choose the day of the booking';
  const price = parsePounds(values.price);
  const deposit = parsePounds(values.deposit);
  if (price === undefined) errors.price = MONEY;
  if (deposit === undefined) errors.deposit = MONEY;
  const money = moneyOf(values, errors, false);
  const people = values.people.trim();
  if (people && !/^\d+$/.test(people)) errors.people = 'Enter a whole number of people';
  // The server's own reading, so the problem is said beside the field rather than above the buttons.
  const phone = values.customer_phone.trim() ? readPhone(values.customer_phone) : null;
  if (phone && !phone.ok) errors.customer_phone = `Phone ${phone.problem}`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      start_date: values.start_date,
      end_date: orNull(values.end_date),
      start_time: orNull(values.start_time),
      end_time: orNull(values.end_time),
      location: values.location,
      postcode: values.postcode,
      people: people ? Number(people) : null,
      price_pence: price ?? null,
      deposit_pence: deposit ?? null,
      ...money,
      notes: values.notes,
      customer_phone: values.customer_phone,
      shares_day: values.shares_day,
    },
  };
}

/** Each received or refunded day with the field of its amount, as the form shows them. */
const MONEY_PAIRS = [
  ['deposit_paid_on', 'deposit_paid', 'deposit_paid_pence', 'received'],
  ['balance_paid_on', 'balance_paid', 'balance_paid_pence', 'received'],
  ['refunded_on', 'refunded', 'refunded_pence', 'refunded'],
] as const;

/**
 * The money part of the request: every amount sent as typed (an empty one beside its day is a
 * mistake said beside it, not a default the owner did not see). Refunds only when `refunds`.
 */
function moneyOf(values: BookingFormValues, errors: BookingFormErrors, refunds: boolean) {
  const money: Required<MoneyFields> = {
    deposit_paid_on: null,
    deposit_paid_pence: null,
    balance_paid_on: null,
    balance_paid_pence: null,
    refunded_on: null,
    refunded_pence: null,
  };
  for (const [dayField, amountField, pence, verb] of MONEY_PAIRS) {
    if (verb === 'refunded' && !refunds) continue;
    const day = orNull(values[dayField]);
    const amount = parsePounds(values[amountField]);
    if (amount === undefined) errors[amountField] = MONEY;
    else if (day && amount === null) errors[amountField] = `Enter the amount ${verb}`;
    else if (!day && amount !== null) errors[dayField] = `Enter the day it was ${verb}`;
    money[dayField] = day;
    money[pence] = amount ?? null;
  }
  if (!refunds) {
    const { refunded_on: _on, refunded_pence: _pence, ...received } = money;
    return received;
  }
  return money;
}

/** The request of the money form (a cancelled booking's), or what to fix first. */
export function moneyRequest(
  values: BookingFormValues,
): { input: MoneyFields; errors?: undefined } | { errors: BookingFormErrors; input?: undefined } {
  const errors: BookingFormErrors = {};
  const input = moneyOf(values, errors, true);
  return Object.keys(errors).length > 0 ? { errors } : { input };
}
