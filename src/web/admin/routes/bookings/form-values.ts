// The booking form's values as typed (all text, but the tick) and the request they make. Amounts are
// read as pounds and pence by money.ts; the rest is checked by the server, whose 400 names the field.
import { readablePhone, readPhone } from '#shared/phone.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import type { BookingFields } from '../../api/bookings.ts';
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
      deposit_paid_on: orNull(values.deposit_paid_on),
      notes: values.notes,
      customer_phone: values.customer_phone,
      shares_day: values.shares_day,
    },
  };
}
