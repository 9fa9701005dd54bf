// The one calendar (docs/decisions/0454, 0468): the days a confirmed booking or an event that needs
// the crew takes, and what happens when another already has one — the database refuses the second
// claim; this turns that into a 409 that names the other, and reads the days visitors see as taken.
// The content feature calls takeEventDay and releaseEventDay inside its own transactions.
import { formatDay } from '#shared/day-names.ts';
import { addDays } from '#shared/london-days.ts';
import type { Availability, DayCheck, DayOccupant } from '#shared/schemas/bookings.ts';
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

/** Another confirmed booking or an event already has one of `days` (the database said so). */
class DaysTaken extends Error {
  constructor(readonly days: string[]) {
    super('A day is already taken');
  }
}

async function claimOrExplain(days: string[], claim: () => Promise<void>): Promise<void> {
  try {
    await claim();
  } catch (error) {
    throw isUniqueViolation(error) ? new DaysTaken(days) : error;
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
  await claimOrExplain(days, () => repo.claimDays(trx, booking.id, days));
}

/** What of an event the calendar needs: its day, and whether the crew works it. */
export interface CalendarEvent {
  id: number;
  date: string;
  needs_crew: number | null;
}

/**
 * Takes the event's day (none when it does not need the crew), inside the caller's transaction,
 * which must run in explainingClashes: on a clash the whole transaction rolls back.
 */
export async function takeEventDay(trx: Db, event: CalendarEvent): Promise<void> {
  await repo.releaseEventDay(trx, event.id);
  if (event.needs_crew === 0) return;
  await claimOrExplain([event.date], () => repo.claimEventDay(trx, event.id, event.date));
}

/** Frees the event's day (the event is deleted), inside the caller's transaction. */
export async function releaseEventDay(trx: Db, eventId: number): Promise<void> {
  await repo.releaseEventDay(trx, eventId);
}

/** How the 409 names who has the day. */
function holderText(holder: NonNullable<Awaited<ReturnType<typeof repo.holderOfDays>>>): string {
  const day = formatDay(holder.day);
  return holder.event_id !== null
    ? `${day} is taken by the event "${holder.event_name ?? ''}" (event ${holder.event_id})`
    : `${day} is already booked for ${holder.customer_name ?? ''} (booking ${holder.booking_id})`;
}

/** Who has the day: a booking or an event. */
export type DayHolder = 'booking' | 'event';

const BOOKING_WAY = () =>
  'Choose another date, or tick "Allow another booking on the same day" on the booking to share it.';

/**
 * Runs a transaction that takes days; a clash becomes a 409 naming who has the day, read after the
 * rollback (PostgreSQL answers nothing more inside a transaction that failed). `way` is what the
 * owner can do about it, in the words of the screen they are on.
 */
export async function explainingClashes<T>(
  db: Db,
  work: () => Promise<T>,
  way: (holder: DayHolder) => string = BOOKING_WAY,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DaysTaken)) throw error;
    const holder = await repo.holderOfDays(db, error.days);
    if (!holder)
      throw conflict('Another booking was confirmed for one of these days at the same moment; try again');
    throw conflict(`${holderText(holder)}. ${way(holder.event_id === null ? 'booking' : 'event')}`);
  }
}

/** The days in the window taken by confirmed or completed bookings or by events: never by whom. */
export async function availability(db: Db, from: string, to: string): Promise<Availability> {
  const taken = new Set<string>(await repo.eventDaysBetween(db, from, to));
  for (const booking of await repo.dayTakingBetween(db, from, to))
    for (const day of daysFrom(
      booking.start_date > from ? booking.start_date : from,
      booking.end_date < to ? booking.end_date : to,
    ))
      taken.add(day);
  return { from, to, taken: [...taken].sort() };
}

/** How far from the asked days the nearest free ones are looked for, either way. */
const NEAREST_SEARCH_DAYS = 60;

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Who else is on the days a booking form asks for (docs/decisions/0469): other live bookings and
 * events, each saying whether it would refuse a confirmation; and when one would, the nearest runs
 * of as many free days before (never before `today`) and after.
 */
export async function dayCheck(
  db: Db,
  from: string,
  to: string,
  except: number | null,
  today: string,
): Promise<Omit<DayCheck, 'success'>> {
  const occupants: DayOccupant[] = [];
  for (const booking of await repo.liveBookingsBetween(db, from, to, except))
    for (const day of daysFrom(later(booking.start_date, from), earlier(booking.end_date, to)))
      occupants.push({
        day,
        kind: 'booking',
        id: booking.id,
        name: booking.customer_name,
        state: booking.state,
        blocks: repo.DAY_TAKING_STATES.some((state) => state === booking.state) && booking.shares_day !== 1,
      });
  for (const event of await repo.eventsBetween(db, from, to))
    occupants.push({
      day: event.date,
      kind: 'event',
      id: event.id,
      name: event.name,
      state: 'event',
      blocks: event.needs_crew !== 0,
    });
  occupants.sort((a, b) => a.day.localeCompare(b.day) || Number(b.blocks) - Number(a.blocks));
  const blocked = occupants.some((occupant) => occupant.blocks);
  return { occupants, nearest_free: blocked ? await nearestFree(db, from, to, except, today) : [] };
}

async function nearestFree(db: Db, from: string, to: string, except: number | null, today: string) {
  const length = daysFrom(from, to).length;
  const held = new Set(
    await repo.heldDaysBetween(
      db,
      later(today, addDays(from, -NEAREST_SEARCH_DAYS)),
      addDays(to, NEAREST_SEARCH_DAYS),
      except,
    ),
  );
  const freeFrom = (start: string) =>
    daysFrom(start, addDays(start, length - 1)).every((day) => !held.has(day));
  let before: string | undefined;
  let after: string | undefined;
  for (let shift = 1; shift <= NEAREST_SEARCH_DAYS && !(before && after); shift += 1) {
    const back = addDays(from, -shift);
    if (!before && back >= today && freeFrom(back)) before = back;
    const ahead = addDays(from, shift);
    if (!after && freeFrom(ahead)) after = ahead;
  }
  return [before, after]
    .filter((start): start is string => start !== undefined)
    .map((start) => ({ from: start, to: addDays(start, length - 1) }));
}
