// The bookings tables (docs/decisions/0454). calendar_days holds one row per day a confirmed booking
// or an event that needs the crew takes alone (decision 0468): its primary key is what refuses a
// second one, on either database.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { addDays } from '#shared/london-days.ts';
import type { BookingsTable } from '../../db/booking-tables.ts';
import type { Db } from '../../db/database.ts';

export type BookingRow = Selectable<BookingsTable>;

/** The states that take their days on the calendar (and show them as taken to visitors). */
export const DAY_TAKING_STATES = ['confirmed', 'completed'] as const;

export async function insertBooking(db: Db, values: Insertable<BookingsTable>): Promise<BookingRow> {
  return db.insertInto('bookings').values(values).returningAll().executeTakeFirstOrThrow();
}

export const findBooking = (db: Db, id: number) =>
  db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();

/** Every write of a booking raises its version (docs/decisions/0476), whoever makes it. */
export const nextVersion = sql<number>`version + 1`;

export const updateBooking = (db: Db, id: number, values: Updateable<BookingsTable>) =>
  db
    .updateTable('bookings')
    .set({ ...values, version: nextVersion })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/**
 * Writes `values` only while the booking is as `before` was read: of two admins changing it at the
 * same moment, the second finds nothing to update (undefined) instead of overwriting the first.
 */
export const updateIfUnchanged = (db: Db, before: BookingRow, values: Updateable<BookingsTable>) =>
  db
    .updateTable('bookings')
    .set({ ...values, version: nextVersion })
    .where('id', '=', before.id)
    .where('version', '=', before.version)
    .returningAll()
    .executeTakeFirst();

/** Bookings with any day between `from` and `to` (inclusive), in date order. */
export const bookingsBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
    .orderBy('start_date')
    .orderBy('id')
    .execute();

/** The enquiry's booking that is not cancelled, if any (at most one: a unique index). */
export const liveBookingOf = (db: Db, enquiryId: number) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('state', '<>', 'cancelled')
    .executeTakeFirst();

/** Takes the days for the booking; throws the database's unique violation if one is taken. */
export async function claimDays(db: Db, bookingId: number, days: string[]): Promise<void> {
  await db
    .insertInto('calendar_days')
    .values(days.map((day) => ({ day, booking_id: bookingId })))
    .execute();
}

export const releaseDays = (db: Db, bookingId: number) =>
  db.deleteFrom('calendar_days').where('booking_id', '=', bookingId).execute();

/** Takes the event's day; throws the database's unique violation if it is taken. */
export async function claimEventDay(db: Db, eventId: number, day: string): Promise<void> {
  await db.insertInto('calendar_days').values({ day, event_id: eventId }).execute();
}

export const releaseEventDay = (db: Db, eventId: number) =>
  db.deleteFrom('calendar_days').where('event_id', '=', eventId).execute();

/** Who holds any of these days, first day first: a booking (its customer) or an event (its name). */
export const holderOfDays = (db: Db, days: string[]) =>
  db
    .selectFrom('calendar_days as d')
    .leftJoin('bookings as b', 'b.id', 'd.booking_id')
    .leftJoin('events as e', 'e.id', 'd.event_id')
    .select(['d.day', 'd.booking_id', 'b.customer_name', 'd.event_id', 'e.name as event_name'])
    .where('d.day', 'in', days)
    .orderBy('d.day')
    .executeTakeFirst();

/** The days in the window that events take (the events needing the crew). */
export const eventDaysBetween = async (db: Db, from: string, to: string) =>
  (
    await db
      .selectFrom('calendar_days')
      .select('day')
      .where('event_id', 'is not', null)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute()
  ).map((row) => row.day);

/** The confirmed and completed bookings that touch the window, for the days they take. */
export const dayTakingBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('bookings')
    .select(['start_date', 'end_date'])
    .where('state', 'in', DAY_TAKING_STATES)
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
    .execute();

/** Confirmed bookings with a customer to write to, starting after `today` and within `days` of it. */
export const remindable = (db: Db, today: string, days: number) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('state', '=', 'confirmed')
    .where('customer_email', '<>', '')
    .where('start_date', '>', today)
    .where('start_date', '<=', addDays(today, days))
    .orderBy('start_date')
    .orderBy('id')
    .execute();

/** Provisional holds past their time: cancelled, once, by whichever instance gets there first. */
export const expireHolds = (db: Db, now: number) =>
  db
    .updateTable('bookings')
    .set({ state: 'cancelled', hold_expires_at: null, updated_at: now, version: nextVersion })
    .where('state', '=', 'provisional')
    .where('hold_expires_at', '<=', now)
    .returning(['id', 'enquiry_id'])
    .execute();

/** The bookings not cancelled with a day between `from` and `to`, but `except`. */
export const liveBookingsBetween = (db: Db, from: string, to: string, except: number | null) =>
  db
    .selectFrom('bookings')
    .select(['id', 'customer_name', 'state', 'start_date', 'end_date', 'shares_day'])
    .where('state', '<>', 'cancelled')
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
    .$if(except !== null, (query) => query.where('id', '<>', except!))
    .orderBy('start_date')
    .orderBy('id')
    .execute();

/** Events on a day between `from` and `to`, and whether each takes its day. */
export const eventsBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('events')
    .select(['id', 'name', 'date', 'needs_crew'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .execute();

/** The days between `from` and `to` held alone by anyone but `except` (a booking). */
export const heldDaysBetween = async (db: Db, from: string, to: string, except: number | null) =>
  (
    await db
      .selectFrom('calendar_days')
      .select('day')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .$if(except !== null, (query) =>
        query.where((eb) => eb.or([eb('booking_id', 'is', null), eb('booking_id', '<>', except!)])),
      )
      .execute()
  ).map((row) => row.day);

/** The customer and first day of each of these bookings that exists (the audit log names them). */
export const customersOf = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('bookings')
        .select(['id', 'customer_name', 'start_date'])
        .where('id', 'in', ids)
        .execute();
