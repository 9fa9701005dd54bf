// What bookings hold about one person, for data-subject requests, and anonymising it: after an
// erasure request, and once a finished booking is older than the records are kept
// (docs/decisions/0454). The amounts and days stay — the business's accounts need them — while the
// name, address, phone number, place and notes go, and so do the customer's page and what they wrote
// there (docs/decisions/0473). A live booking of someone erased is cancelled: nobody is left
// to hold the day for.
import { sql } from 'kysely';
import { addDays, londonDay } from '#shared/london-days.ts';
import type { Booking, CustomerMessage } from '#shared/schemas/bookings.ts';
import { toIso } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { toBooking } from './booking-view.ts';
import { endCustomerLinks } from './customer-link.ts';
import { DONE_STATES } from './mail-repository.ts';
import * as repo from './repository.ts';

/** What an anonymised booking shows where the customer's name was. */
export const NAME_REMOVED = 'Name removed';

const storedAddress = sql<string>`lower(customer_email)`;

const ANONYMOUS = {
  customer_name: NAME_REMOVED,
  customer_email: '',
  customer_phone: null,
  location: '',
  postcode: '',
  notes: '',
  enquiry_id: null,
  // The owner's words may name the customer or their circumstances.
  cancel_reason: null,
} as const;

/** The person's bookings, each with what they wrote from its page, for their copy. */
export async function bookingsOf(
  db: Db,
  email: string,
): Promise<(Booking & { customer_messages: CustomerMessage[] })[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where(storedAddress, '=', email.toLowerCase())
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  const messages =
    rows.length === 0
      ? []
      : await db
          .selectFrom('booking_messages')
          .select(['booking_id', 'body', 'created_at'])
          .where(
            'booking_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('created_at')
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    ...toBooking(row),
    customer_messages: messages
      .filter((message) => message.booking_id === row.id)
      .map((message) => ({ at: toIso(message.created_at), text: message.body })),
  }));
}

/** Anonymises the person's bookings in the caller's transaction; returns their ids, ascending. */
export async function anonymiseBookingsOf(trx: Db, email: string, now: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('bookings')
    .select(['id', 'state'])
    .where(storedAddress, '=', email.toLowerCase())
    .orderBy('id')
    .execute();
  for (const { id, state } of rows) {
    const live = state === 'provisional' || state === 'confirmed';
    if (live) await repo.releaseDays(trx, id);
    await repo.updateBooking(trx, id, {
      ...ANONYMOUS,
      ...(live ? { state: 'cancelled', hold_expires_at: null } : {}),
      updated_at: now,
    });
  }
  const ids = rows.map((row) => row.id);
  // Their page's address answers 404 from now on, and what they wrote there goes (decision 0473).
  await endCustomerLinks(trx, ids);
  if (ids.length > 0)
    // Mail still owed to them goes (nobody to send it to), and with it any failure's words, which
    // may quote their address; a sent (or saved) mail's row says only what was sent when.
    await trx
      .deleteFrom('booking_mails')
      .where('booking_id', 'in', ids)
      .where('state', 'not in', DONE_STATES)
      .execute();
  if (ids.length > 0) await forgetToldDetails(trx, ids);
  return ids;
}

/** An update's mail kept the place as it was told (docs/decisions/0475): it goes with the rest. */
const forgetToldDetails = (db: Db, ids: number[]) =>
  db
    .updateTable('booking_mails')
    .set({ previous_details: null })
    .where('booking_id', 'in', ids)
    .where('previous_details', 'is not', null)
    .execute();

/** Anonymises completed and cancelled bookings that ended more than `years` ago; returns how many. */
export async function anonymiseOldBookings(db: Db, now: number, years: number): Promise<number> {
  const cutOff = addDays(londonDay(now), -Math.round(years * 365.25));
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .updateTable('bookings')
        .set({ ...ANONYMOUS, updated_at: now, version: repo.nextVersion })
        .where('state', 'in', ['completed', 'cancelled'])
        .where('end_date', '<', cutOff)
        .where('customer_email', '<>', '')
        .returning('id')
        .execute()
    ).map((row) => row.id);
    await endCustomerLinks(trx, ids);
    if (ids.length > 0) await forgetToldDetails(trx, ids);
    return ids.length;
  });
}
