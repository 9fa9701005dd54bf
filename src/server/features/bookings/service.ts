// Bookings (docs/product.md#bookings, docs/decisions/0454): the work lives in the named functions of
// this folder; the service binds them to their dependencies (decision 0425).
import type { Booking, BookingDetail } from '#shared/schemas/bookings.ts';
import { AVAILABILITY_LIMIT, BUSINESS_NAME } from '#shared/constants.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { londonDay } from '#shared/london-days.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createWindowLimiter, retryAfterSeconds } from '../../lib/window-limiter.ts';
import { bookEnquiry, getBooking, listBookings, updateBooking } from './booking-records.ts';
import { cancellationPreview } from './cancellation.ts';
import { mailsOfBooking, runMailJob } from './customer-mail.ts';
import { createCustomerPageService, customerSide, newCustomerLink } from './customer-service.ts';
import { availability, dayCheck } from './days.ts';
import type { BookingsDeps } from './deps.ts';
import { recordMoney } from './money.ts';
import { feedSecret, feedUrl, isFeedSecret, ownerFeed, rotateFeedSecret } from './owner-feed.ts';
import { anonymiseOldBookings } from './personal-data.ts';
import { sendQuote } from './quote.ts';
import * as repo from './repository.ts';
import { savedBookingMails, sendSavedBookingMail } from './saved-mail.ts';
import { cancelBooking, completeBooking, confirmBooking, expireHolds } from './states.ts';

export function createBookingsService(deps: BookingsDeps) {
  const bind = bindDeps(deps);
  // In memory, per instance, like the captcha challenges (decision 0460): what it guards is one
  // read each, and counting in the database would make every read a write.
  const availabilityCalls = createWindowLimiter(deps.clock, {
    max: AVAILABILITY_LIMIT.perAddressPerMinute,
    windowMs: 60_000,
  });
  /** One booking as the admin API answers it: with the mail sent (or owed) to its customer. */
  const detailed =
    <Args extends unknown[]>(work: (deps: BookingsDeps, ...args: Args) => Promise<Booking>) =>
    async (...args: Args): Promise<BookingDetail> => {
      const booking = await work(deps, ...args);
      return {
        ...booking,
        mails: await mailsOfBooking(deps.db, booking.id),
        ...(await customerSide(deps, booking.id)),
      };
    };
  return {
    bookEnquiry: detailed(bookEnquiry),
    update: detailed(updateBooking),
    /** The money received and refunded, on a booking in any state (decision 0474). */
    recordMoney: detailed(recordMoney),
    get: detailed(getBooking),
    list: bind(listBookings),
    confirm: detailed(confirmBooking),
    cancel: detailed(cancelBooking),
    /** The mail cancelling would send now, or why none would go (docs/decisions/0475). */
    cancellationPreview: (id: number, reason?: string) => cancellationPreview(deps, id, reason),
    complete: detailed(completeBooking),
    /** Mails a hold to its customer as a quote they can accept on their page (decision 0473). */
    quote: detailed(sendQuote),
    /** A new address for the customer's page; the old one stops working. */
    newCustomerLink: detailed(newCustomerLink),
    /** The customer's page and its actions (decision 0473). */
    customer: createCustomerPageService(deps),
    expireHolds: bind(expireHolds),
    /** The periodic job: reminders due today, and failed mail whose retry is due. */
    sendMail: bind(runMailJob),
    /** Mail only written to the outbox, to send now a mail server is set (decision 0475). */
    savedMails: bind(savedBookingMails),
    sendSavedMail: bind(sendSavedBookingMail),
    /** Resolves once the mail started in the background has gone (tests, shutdown). */
    settled: () => deps.background.settled(),
    /** The days taken from `from` to `to`; 429 once the client's address has asked too often. */
    async availability(ip: string, from: string, to: string) {
      const waitMs = availabilityCalls.hit(rateLimitAddress(ip));
      if (waitMs > 0)
        throw new HttpError(
          429,
          ERROR_CODES.rateLimited,
          'Too many availability requests from your address. Please try again in a minute.',
          { 'retry-after': retryAfterSeconds(waitMs) },
        );
      return availability(deps.db, from, to);
    },
    /** Who else is on the days a booking form asks for, and the nearest free ones (decision 0469). */
    dayCheck: (from: string, to: string, booking: number | undefined) =>
      dayCheck(deps.db, from, to, booking ?? null, londonDay(deps.clock.now())),
    /** Each booking's customer and first day, for the audit log (decision 0470). */
    customersOf: (ids: number[]) => repo.customersOf(deps.db, ids),
    /** Anonymises finished bookings past the retention (the daily purge). */
    anonymiseOld: () => anonymiseOldBookings(deps.db, deps.clock.now(), deps.retentionYears),
    /** The address of this admin's own calendar feed; `rotate` makes them a new one. */
    feedUrl: async (adminId: number, rotate = false) =>
      feedUrl(
        deps.publicUrl,
        await (rotate ? rotateFeedSecret : feedSecret)(deps.db, adminId, deps.clock.now()),
      ),
    /** The bookings feed when `secret` is a current admin's address; undefined otherwise. */
    async ownerFeed(secret: string): Promise<string | undefined> {
      if (!(await isFeedSecret(deps.db, secret))) return undefined;
      const name = (await deps.site.get()).trading_name.trim() || BUSINESS_NAME;
      return ownerFeed(deps.db, { name, publicUrl: deps.publicUrl, today: londonDay(deps.clock.now()) });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
