// The bookings tables (migrations 0016, 0018, 0019 and 0022, docs/decisions/0454), apart from schema.ts to keep each file
// readable; schema.ts's Database names them.
import type { Generated } from 'kysely';

export interface BookingsTable {
  id: Generated<number>;
  enquiry_id: number | null;
  /** provisional | confirmed | completed | cancelled (BOOKING_STATES). */
  state: string;
  customer_name: string;
  customer_email: string;
  /** E.164 (+447700900123), or null: the enquiry's number when booked, then the owner's (0018). */
  customer_phone: string | null;
  /** Europe/London calendar days, YYYY-MM-DD; end_date is start_date for a one-day booking. */
  start_date: string;
  end_date: string;
  /** Wall-clock HH:MM, or null while not agreed. */
  start_time: string | null;
  end_time: string | null;
  location: string;
  postcode: string;
  people: number | null;
  price_pence: number | null;
  deposit_pence: number | null;
  deposit_paid_on: string | null;
  notes: string;
  /** 1: another confirmed booking may take the same day; such a booking takes no calendar_days rows. */
  shares_day: Generated<number>;
  hold_expires_at: number | null;
  /** iCalendar SEQUENCE: raised on each change the customer's calendar must hear about. */
  sequence: Generated<number>;
  created_at: number;
  updated_at: number;
  /** What the owner typed when cancelling, printed in the cancellation mail (0022); null: none. */
  cancel_reason: string | null;
}

/**
 * One row per day taken alone by a confirmed or completed booking, or by an event that needs the
 * crew (migration 0019, docs/decisions/0468); the day is the primary key, exactly one holder is set.
 */
export interface CalendarDaysTable {
  day: string;
  booking_id: number | null;
  event_id: number | null;
}

/**
 * One message to a booking's customer; (booking_id, kind, sequence) is the primary key, so each is
 * made once however many instances try.
 */
export interface BookingMailsTable {
  booking_id: number;
  /** confirmation | update | cancellation | reminder-<days before> */
  kind: string;
  /** The booking's sequence when the mail was made: its invitation's SEQUENCE. */
  sequence: number;
  /** pending | sent | saved (written to the outbox: no mail server) | failed */
  state: string;
  attempts: Generated<number>;
  /** When the next automatic attempt is due; null once sent or out of attempts. */
  next_at: number | null;
  /** The instance sending it holds it until then. */
  claimed_until: number | null;
  /** Why the last attempt failed, in the owner's words. */
  error: string | null;
  created_at: number;
  attempted_at: number | null;
  sent_at: number | null;
  /** An update's: JSON of the details as the customer was last told them, for "old → new" (0022). */
  previous_details: string | null;
}
