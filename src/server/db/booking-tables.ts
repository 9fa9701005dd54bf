// The bookings tables (migrations 0016 and 0018–0023, docs/decisions/0454), apart from schema.ts to keep each file
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
  /** The day the deposit was received; null while it is not. */
  deposit_paid_on: string | null;
  /** Money received and refunded (0021, docs/decisions/0474): each a day and an amount, both or neither. */
  deposit_paid_pence: number | null;
  balance_paid_on: string | null;
  balance_paid_pence: number | null;
  /** Only on a cancelled booking: what went back to the customer; the rest of a paid deposit was kept. */
  refunded_on: string | null;
  refunded_pence: number | null;
  notes: string;
  /** 1: another confirmed booking may take the same day; such a booking takes no calendar_days rows. */
  shares_day: Generated<number>;
  hold_expires_at: number | null;
  /** iCalendar SEQUENCE: raised on each change the customer's calendar must hear about. */
  sequence: Generated<number>;
  /** Raised by every write (0023): an edit names the version it was made from (decision 0476). */
  version: Generated<number>;
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

/** Each booking's private link for its customer (migration 0020, docs/decisions/0473). */
export interface BookingLinksTable {
  booking_id: number;
  /** base64url of 32 random bytes: what the mails carry. */
  token: string;
  /** SHA-256 of the token, hex: what a visit to the page is looked up by. */
  token_hash: string;
  created_at: number;
}

/** A message the customer sent from their booking's page (migration 0020). */
export interface BookingMessagesTable {
  id: Generated<number>;
  booking_id: number;
  body: string;
  created_at: number;
}
