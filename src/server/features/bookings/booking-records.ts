// Making a booking from an enquiry, changing it, and reading bookings (docs/decisions/0454).
import { formatDay } from '#shared/day-names.ts';
import { londonDay } from '#shared/london-days.ts';
import type { Booking, BookingInput } from '#shared/schemas/bookings.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { enquiryToBook, followBooking } from '../enquiries/booking-status.ts';
import { toBooking } from './booking-view.ts';
import { oweChangeMail, sendSoon } from './customer-mail.ts';
import { explainingClashes, takeDays } from './days.ts';
import type { BookingsDeps } from './deps.ts';
import { holdLapse } from './hold-lapse.ts';
import { differs, toldDetails } from './mail-answers.ts';
import * as repo from './repository.ts';

/** The row written, or a 409 when another admin changed the booking between our read and write. */
export function changed(row: repo.BookingRow | undefined): repo.BookingRow {
  if (!row) throw conflict('Someone else changed this booking at the same moment: look at it again');
  return row;
}

/**
 * A 409 when the booking was saved over since the form naming `readVersion` was opened: this write
 * would undo theirs (docs/decisions/0476). No version named, nothing to compare.
 */
export function refuseIfChangedSince(before: repo.BookingRow, readVersion: number | undefined): void {
  if (readVersion !== undefined && readVersion !== before.version)
    throw conflict(
      'Someone else changed this booking after you opened it, so your changes were not saved. ' +
        'Close it and open it again to see theirs, then make yours.',
    );
}

/** A booking is never made for a day already gone (Europe/London). */
function refusePast(input: BookingInput, now: number) {
  const today = londonDay(now);
  if (input.start_date < today) throw badRequest(`start_date: must be today (${today}) or later`);
}

function alreadyBooked(existing: repo.BookingRow) {
  return conflict(
    `This enquiry already has booking ${existing.id} (${existing.state}, ${formatDay(existing.start_date)}); ` +
      'open it from Bookings, or cancel it first',
  );
}

/**
 * A provisional booking from the enquiry: the hold lapses after `holdDays`, or earlier by its first
 * day (hold-lapse.ts), unless confirmed.
 */
export async function bookEnquiry(
  deps: BookingsDeps,
  enquiryId: number,
  input: BookingInput,
): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  refusePast(input, now);
  try {
    return await db.transaction().execute(async (trx) => {
      const enquiry = await enquiryToBook(trx, enquiryId);
      if (!enquiry) throw notFound('Enquiry not found');
      if (enquiry.status === 'spam') throw conflict('A spam enquiry cannot be booked; mark it as new first');
      const existing = await repo.liveBookingOf(trx, enquiryId);
      if (existing) throw alreadyBooked(existing);
      const row = await repo.insertBooking(trx, {
        ...fieldsOf(input),
        enquiry_id: enquiryId,
        state: 'provisional',
        customer_name: enquiry.name,
        customer_email: enquiry.email,
        // The number the enquiry gave, unless the owner typed another (or none) on the form.
        customer_phone: input.customer_phone === undefined ? enquiry.phone : input.customer_phone,
        hold_expires_at: holdLapse(now, input.start_date, now, termsOf(deps)),
        created_at: now,
        updated_at: now,
      });
      await followBooking(trx, enquiryId, 'booked', now);
      return toBooking(row);
    });
  } catch (error) {
    // Another admin booked the same enquiry at the same moment: the unique index kept one.
    if (!isUniqueViolation(error)) throw error;
    const existing = await repo.liveBookingOf(db, enquiryId);
    throw existing ? alreadyBooked(existing) : error;
  }
}

const termsOf = ({ holdDays, holdLeadDays }: BookingsDeps) => ({ holdDays, leadDays: holdLeadDays });

/** The columns the owner's form sets; a phone number left out of the request is left as it is. */
function fieldsOf({ customer_phone, ...input }: BookingInput) {
  return {
    ...input,
    shares_day: input.shares_day ? 1 : 0,
    ...(customer_phone === undefined ? {} : { customer_phone }),
  };
}

/**
 * Changes the booking's details; a confirmed booking takes its (new) days again, or 409, and its
 * customer is sent the booking as it now stands.
 */
export async function updateBooking(
  deps: BookingsDeps,
  id: number,
  input: BookingInput,
  readVersion?: number,
): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await explainingClashes(db, () =>
    db.transaction().execute(async (trx) => {
      const before = await repo.findBooking(trx, id);
      if (!before) throw notFound('Booking not found');
      refuseIfChangedSince(before, readVersion);
      if (before.state === 'cancelled') throw conflict('A cancelled booking cannot be changed');
      const moved = input.start_date !== before.start_date || input.end_date !== before.end_date;
      // Done is done (decision 0470): its days are history, its notes and money may still change.
      if (before.state === 'completed' && (moved || Number(input.shares_day ?? false) !== before.shares_day))
        throw conflict(
          'A completed booking keeps its days: only its notes, money, place and contact details can change',
        );
      if (moved) refusePast(input, now);
      const takesDays = repo.DAY_TAKING_STATES.some((state) => state === before.state);
      // Only what the customer reads is news to them: a change to the notes alone mails nobody.
      const tells =
        before.state === 'confirmed' &&
        differs(toldDetails(before), toldDetails({ ...before, ...fieldsOf(input) }));
      const row = changed(
        await repo.updateIfUnchanged(trx, before, {
          ...fieldsOf(input),
          updated_at: now,
          // A hold moved to other days lapses by its new first day, its age still counted from when
          // it was made (docs/decisions/0467).
          ...(moved && before.state === 'provisional'
            ? { hold_expires_at: holdLapse(before.created_at, input.start_date, now, termsOf(deps)) }
            : {}),
          // The customer's calendar hears of a change to a confirmed booking (iCalendar SEQUENCE).
          ...(tells ? { sequence: before.sequence + 1 } : {}),
        }),
      );
      if (takesDays) await takeDays(trx, row);
      if (tells) await oweChangeMail(trx, row, 'update', now, toldDetails(before));
      return toBooking(row);
    }),
  );
  sendSoon(deps, id);
  return booking;
}

export async function getBooking({ db }: BookingsDeps, id: number): Promise<Booking> {
  const row = await repo.findBooking(db, id);
  if (!row) throw notFound('Booking not found');
  return toBooking(row);
}

export async function listBookings({ db }: BookingsDeps, from: string, to: string): Promise<Booking[]> {
  return (await repo.bookingsBetween(db, from, to)).map(toBooking);
}
