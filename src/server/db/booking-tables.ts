// The bookings tables (migration 0016, docs/decisions/0454), apart from schema.ts to keep each file
// readable; schema.ts's Database names them.
import type { Generated } from 'kysely';

export interface BookingsTable {
  id: Generated<number>;
  enquiry_id: number | null;
  /** provisional | confirmed | completed | cancelled (BOOKING_STATES). */
  state: string;
  customer_name: string;
  customer_email: string;
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
  /** 1: another confirmed booking may take the same day; such a booking takes no booking_days rows. */
  shares_day: Generated<number>;
  hold_expires_at: number | null;
  /** iCalendar SEQUENCE: raised on each change the customer's calendar must hear about. */
  sequence: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One row per day a confirmed or completed booking takes alone; the day is the primary key. */
export interface BookingDaysTable {
  day: string;
  booking_id: number;
}
