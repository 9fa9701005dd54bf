// Recording the money a booking has received and refunded (docs/decisions/0474), apart from its
// other details: on a booking in any state, a cancelled one's too — whose days and details are done
// with, but whose deposit was kept or refunded after it was cancelled. Nothing is sent to the
// customer: their booking and its calendar entry are as they were.
import { settleMoney } from '#shared/booking-money.ts';
import type { Booking, MoneyInput } from '#shared/schemas/bookings.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { changed, refuseIfChangedSince } from './booking-records.ts';
import { toBooking } from './booking-view.ts';
import type { BookingsDeps } from './deps.ts';
import * as repo from './repository.ts';

export async function recordMoney(
  { db, clock }: BookingsDeps,
  id: number,
  input: MoneyInput,
  readVersion?: number,
): Promise<Booking> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const before = await repo.findBooking(trx, id);
    if (!before) throw notFound('Booking not found');
    // Two people recording a payment each from the same old figures: the second would drop the first.
    refuseIfChangedSince(before, readVersion);
    // The amounts asked are the booking's own: a left-out amount is the deposit it asked, or the rest
    // of its price.
    const settled = settleMoney(input, before);
    if (!settled.ok) throw badRequest(`${settled.field}: ${settled.message}`);
    // While the booking stands, money owed back is settled by changing what was received.
    if (settled.money.refunded_on !== null && before.state !== 'cancelled')
      throw conflict(
        `Only a cancelled booking's money is refunded: this one is ${before.state}, so refunded_on stays empty`,
      );
    return toBooking(
      changed(await repo.updateIfUnchanged(trx, before, { ...settled.money, updated_at: now })),
    );
  });
}
