// Bookings (docs/product.md#bookings, docs/decisions/0454): the work lives in the named functions of
// this folder; the service binds them to their dependencies (decision 0425).
import { bindDeps } from '../../lib/bind-deps.ts';
import { bookEnquiry, getBooking, listBookings, updateBooking } from './booking-records.ts';
import { availability } from './days.ts';
import type { BookingsDeps } from './deps.ts';
import { anonymiseOldBookings } from './personal-data.ts';
import { cancelBooking, completeBooking, confirmBooking, expireHolds } from './states.ts';

export function createBookingsService(deps: BookingsDeps) {
  const bind = bindDeps(deps);
  return {
    bookEnquiry: bind(bookEnquiry),
    update: bind(updateBooking),
    get: bind(getBooking),
    list: bind(listBookings),
    confirm: bind(confirmBooking),
    cancel: bind(cancelBooking),
    complete: bind(completeBooking),
    expireHolds: bind(expireHolds),
    availability: (from: string, to: string) => availability(deps.db, from, to),
    /** Anonymises finished bookings past the retention (the daily purge). */
    anonymiseOld: () => anonymiseOldBookings(deps.db, deps.clock.now(), deps.retentionYears),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
