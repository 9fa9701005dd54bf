import type { Booking, BookingState } from '#shared/schemas/bookings.ts';
import { toIso } from '../../lib/clock.ts';
import type { BookingRow } from './repository.ts';

/** A row as the admin API answers it. */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    enquiry_id: row.enquiry_id,
    state: row.state as BookingState,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: row.start_time,
    end_time: row.end_time,
    location: row.location,
    postcode: row.postcode,
    people: row.people,
    price_pence: row.price_pence,
    deposit_pence: row.deposit_pence,
    deposit_paid_on: row.deposit_paid_on,
    deposit_paid_pence: row.deposit_paid_pence,
    balance_paid_on: row.balance_paid_on,
    balance_paid_pence: row.balance_paid_pence,
    refunded_on: row.refunded_on,
    refunded_pence: row.refunded_pence,
    notes: row.notes,
    shares_day: row.shares_day === 1,
    hold_expires_at: row.hold_expires_at === null ? null : toIso(row.hold_expires_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    cancel_reason: row.cancel_reason,
    version: row.version,
  };
}
