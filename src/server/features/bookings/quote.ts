// Sending a hold as a quote (issue 36, item 6; docs/decisions/0473): the customer is e-mailed the
// booking, its price and the link to their page, where they may accept it. Each quote is a mail of
// its own (the booking's sequence is raised for it), so the owner can send a corrected one.
import type { Booking } from '#shared/schemas/bookings.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { changed } from './booking-records.ts';
import { toBooking } from './booking-view.ts';
import { customerToken } from './customer-link.ts';
import { sendSoon } from './customer-mail.ts';
import type { BookingsDeps } from './deps.ts';
import * as mails from './mail-repository.ts';
import * as repo from './repository.ts';

/** Mails the hold to its customer as a quote they can accept on their page; 409 when it cannot be. */
export async function sendQuote(deps: BookingsDeps, id: number): Promise<Booking> {
  const { db, clock } = deps;
  const now = clock.now();
  const booking = await db.transaction().execute(async (trx) => {
    const before = await repo.findBooking(trx, id);
    if (!before) throw notFound('Booking not found');
    if (before.state !== 'provisional')
      throw conflict(`Only a provisional booking can be sent as a quote; this one is ${before.state}`);
    if (!before.customer_email)
      throw conflict('There is no e-mail address for the customer: send them the quote yourself');
    if (before.hold_expires_at !== null && before.hold_expires_at <= now)
      throw conflict('Its hold has lapsed: make a new booking for the customer');
    if (before.price_pence === null) throw conflict('A quote needs a price: edit the booking to add one');
    const row = changed(
      await repo.updateIfUnchanged(trx, before, { sequence: before.sequence + 1, updated_at: now }),
    );
    await mails.queueQuote(trx, { booking_id: row.id, kind: 'quote', sequence: row.sequence }, now);
    return toBooking(row);
  });
  // Made now, so the panel shows the link the mail carries.
  await customerToken(db, id, now);
  sendSoon(deps, id);
  return booking;
}
