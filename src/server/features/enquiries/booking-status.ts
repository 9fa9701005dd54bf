// What bookings may do to an enquiry, inside the booking's own transaction (docs/architecture.md §2):
// read the enquiry it books, and move its status with the booking (booked while a booking lives,
// closed when it ends). The enquiries feature owns these changes; bookings never write its table.
import type { Db } from '../../db/database.ts';
import { findEnquiry, updateEnquiry } from './repository.ts';

/** The enquiry a booking is made from, read in the booking's transaction. */
export const enquiryToBook = (trx: Db, id: number) => findEnquiry(trx, id);

/** Its status follows its booking: `booked` while one lives, `closed` once it is cancelled or lapsed. */
export async function followBooking(trx: Db, id: number, status: 'booked' | 'closed', now: number) {
  await updateEnquiry(trx, id, { status, updated_at: now });
}
