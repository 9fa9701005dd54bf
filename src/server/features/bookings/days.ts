// The days a booking takes, and what happens when another confirmed booking already has one
// (docs/decisions/0454): the database refuses the second claim; this turns that into a 409 that
// names the other booking, and reads the days visitors see as taken.
import { addDays } from '#shared/london-days.ts';
import type { Availability } from '#shared/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "Sat 15 Aug 2027": a calendar day as the owner reads it. */
export const displayDay = (day: string) => dayFormat.format(Date.parse(day)).replace(',', '');

/** Another confirmed booking already has one of `days` (the database said so). */
class DaysTaken extends Error {
  constructor(readonly days: string[]) {
    super('A day is already taken');
  }
}

/**
 * Takes the booking's days (none when it shares its day), inside the caller's transaction. On a
 * clash the database refuses the row and the whole transaction rolls back (explainingClashes).
 */
export async function takeDays(trx: Db, booking: repo.BookingRow): Promise<void> {
  await repo.releaseDays(trx, booking.id);
  if (booking.shares_day === 1) return;
  const days = daysFrom(booking.start_date, booking.end_date);
  try {
    await repo.claimDays(trx, booking.id, days);
  } catch (error) {
    throw isUniqueViolation(error) ? new DaysTaken(days) : error;
  }
}

/**
 * Runs a transaction that takes days; a clash becomes a 409 naming who has the day, read after the
 * rollback (PostgreSQL answers nothing more inside a transaction that failed).
 */
export async function explainingClashes<T>(db: Db, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DaysTaken)) throw error;
    const holder = await repo.holderOfDays(db, error.days);
    if (!holder)
      throw conflict('Another booking was confirmed for one of these days at the same moment; try again');
    throw conflict(
      `${displayDay(holder.day)} is already booked for ${holder.customer_name} (booking ${holder.id}). ` +
        'Tick "Allow another booking on the same day" to confirm both.',
    );
  }
}

/** The days in the window taken by confirmed or completed bookings: only that, never by whom. */
export async function availability(db: Db, from: string, to: string): Promise<Availability> {
  const taken = new Set<string>();
  for (const booking of await repo.dayTakingBetween(db, from, to))
    for (const day of daysFrom(
      booking.start_date > from ? booking.start_date : from,
      booking.end_date < to ? booking.end_date : to,
    ))
      taken.add(day);
  return { from, to, taken: [...taken].sort() };
}
