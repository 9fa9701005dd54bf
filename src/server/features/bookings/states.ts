// A booking's life (docs/decisions/0454): provisional → confirmed → completed, or cancelled from
// provisional or confirmed; a hold not confirmed in time is cancelled by the periodic job. The
// enquiry's status follows: booked while the booking lives, closed once it is cancelled.
import { londonDay, withinDateRange } from '#shared/london-days.ts';
import type { Booking, BookingState } from '#shared/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { followBooking } from '../enquiries/booking-status.ts';
import { changed } from './booking-records.ts';
import { toBooking } from './booking-view.ts';
import { notMailed } from './cancellation.ts';
import { oweChangeMail, sendSoon } from './customer-mail.ts';
import { explainingClashes, takeDays } from './days.ts';
import type { BookingsDeps } from './deps.ts';
import * as repo from './repository.ts';

async function current(trx: Db, id: number, allowed: BookingState[], action: string) {
  const row = await repo.findBooking(trx, id);
  if (!row) throw notFound('Booking not found');
  if (!allowed.includes(row.state as BookingState))
    throw conflict(`Only a ${allowed.join(' or ')} booking can be ${action}; this one is ${row.state}`);
  return row;
}

async function followEnquiry(trx: Db, row: repo.BookingRow, status: 'booked' | 'closed', now: number) {
  if (row.enquiry_id !== null) await followBooking(trx, row.enquiry_id, status, now);
}

/**
 * Confirms a hold: its days become the booking's alone (unless it shares them), or 409. `check`, when
 * given, may refuse it inside the same transaction first (the customer accepting a quote).
 */
export async function confirmBooking(
  deps: BookingsDeps,
  id: number,
  check?: (trx: Db, before: repo.BookingRow) => Promise<void>,
): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await explainingClashes(db, () =>
    db.transaction().execute(async (trx) => {
      const before = await current(trx, id, ['provisional'], 'confirmed');
      await check?.(trx, before);
      if (before.end_date < londonDay(now))
        throw conflict('Its dates have passed: change them before confirming');
      // Stored before its days were bounded (decision 0458): its days cannot be counted out.
      if (!withinDateRange(before.end_date))
        throw conflict('Its dates are not ones a booking can have: change them before confirming');
      const row = changed(
        await repo.updateIfUnchanged(trx, before, {
          state: 'confirmed',
          hold_expires_at: null,
          sequence: before.sequence + 1,
          updated_at: now,
        }),
      );
      await takeDays(trx, row);
      await followEnquiry(trx, row, 'booked', now);
      await oweChangeMail(trx, row, 'confirmation', now);
      return toBooking(row);
    }),
  );
  sendSoon(deps, id);
  return booking;
}

/**
 * Cancels a hold or a confirmed booking, with the owner's reason (empty: none): its days are free
 * again, the enquiry is closed. A customer who heard of the booking is told, with the reason
 * (cancellation.ts says who has; a hold was never promised to them).
 */
export async function cancelBooking(deps: BookingsDeps, id: number, reason = ''): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await db.transaction().execute(async (trx) => {
    const before = await current(trx, id, ['provisional', 'confirmed'], 'cancelled');
    const row = changed(
      await repo.updateIfUnchanged(trx, before, {
        state: 'cancelled',
        hold_expires_at: null,
        sequence: before.sequence + 1,
        cancel_reason: reason || null,
        updated_at: now,
      }),
    );
    await repo.releaseDays(trx, id);
    await followEnquiry(trx, row, 'closed', now);
    if ((await notMailed(trx, before, now)) === null) await oweChangeMail(trx, row, 'cancellation', now);
    return toBooking(row);
  });
  sendSoon(deps, id);
  return booking;
}

/** Marks a confirmed booking done, from its last day on; its days stay taken. */
export async function completeBooking({ db, clock }: BookingsDeps, id: number): Promise<Booking> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const before = await current(trx, id, ['confirmed'], 'completed');
    if (before.end_date > londonDay(now))
      throw conflict('A booking can be marked completed from its last day on');
    return toBooking(
      changed(await repo.updateIfUnchanged(trx, before, { state: 'completed', updated_at: now })),
    );
  });
}

/** Cancels the holds past their time (each once, whichever instance runs it); returns how many. */
export async function expireHolds({ db, clock }: BookingsDeps): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const expired = await repo.expireHolds(trx, now);
    for (const { enquiry_id } of expired)
      if (enquiry_id !== null) await followBooking(trx, enquiry_id, 'closed', now);
    return expired.length;
  });
}
