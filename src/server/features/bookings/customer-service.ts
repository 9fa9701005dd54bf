// The customer's side of a booking (docs/decisions/0473), bound to the bookings' dependencies: their
// page, its calendar file and its two actions, each found by the page's token; and for the owner's
// panel, the page's address and what the customer wrote.
import { londonDay } from '#shared/london-days.ts';
import type { Booking, CustomerMessage } from '#shared/schemas/bookings.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { toIso } from '../../lib/clock.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { createWindowLimiter, retryAfterSeconds } from '../../lib/window-limiter.ts';
import { invitationText } from '../calendar/invitation.ts';
import { getBooking } from './booking-records.ts';
import { bookingOfToken, customerPageUrl, newCustomerToken } from './customer-link.ts';
import { businessContact } from './customer-mail.ts';
import { acceptQuote, askForChange, customerPage, messagesOf, pageTokenOf } from './customer-page.ts';
import type { BookingsDeps } from './deps.ts';
import { invitationFor } from './mail-text.ts';

/** What the owner's panel adds to a booking: the customer's page and what they wrote there. */
export async function customerSide(
  deps: BookingsDeps,
  bookingId: number,
): Promise<{ customer_link: string | null; customer_messages: CustomerMessage[] }> {
  const token = await pageTokenOf(deps, bookingId);
  return {
    customer_link: token === null ? null : customerPageUrl(deps.publicUrl, token),
    customer_messages: (await messagesOf(deps, bookingId)).map((message) => ({
      at: toIso(message.created_at),
      text: message.body,
    })),
  };
}

/** A new address for the customer's page, the old one ended (newCustomerToken); 409 when it has none. */
export async function newCustomerLink(deps: BookingsDeps, bookingId: number): Promise<Booking> {
  const booking = await getBooking(deps, bookingId);
  if ((await newCustomerToken(deps.db, bookingId, deps.clock.now())) === null)
    throw conflict("This booking has no customer's page: the customer's details were erased");
  return booking;
}

/**
 * Requests a minute one address may make of the customer's pages: a person reads, accepts and writes
 * a few times; a script trying tokens or flooding the owner is stopped. In memory per instance (like
 * the availability's, decision 0460): the token is the key, and the messages a booking may send are
 * also counted in the database (MESSAGES_PER_DAY), which every instance shares.
 */
export const CUSTOMER_PAGE_LIMITS = { reads: 60, writes: 10 } as const;

const tooMany = (waitMs: number) =>
  new HttpError(
    429,
    ERROR_CODES.rateLimited,
    'Too many requests from your address. Please try again in a minute.',
    { 'retry-after': retryAfterSeconds(waitMs) },
  );

export function createCustomerPageService(deps: BookingsDeps) {
  const reads = createWindowLimiter(deps.clock, { max: CUSTOMER_PAGE_LIMITS.reads, windowMs: 60_000 });
  const writes = createWindowLimiter(deps.clock, { max: CUSTOMER_PAGE_LIMITS.writes, windowMs: 60_000 });
  return {
    /** Throws 429 once the client's address has asked too often this minute. */
    admit(ip: string, kind: 'read' | 'write'): void {
      const waitMs = (kind === 'read' ? reads : writes).hit(rateLimitAddress(ip));
      if (waitMs > 0) throw tooMany(waitMs);
    },
    /** The page's view for `token`; undefined when it is no current link. */
    page: (token: string) => customerPage(deps, token),
    /** The booking `token` opens, for the audit log; undefined when none. */
    bookingOf: (token: string) => bookingOfToken(deps.db, token),
    /** Accepts the quote the customer saw (`seen`, the booking's version on their page, decision 0476). */
    accept: (bookingId: number, seen: number) => acceptQuote(deps, bookingId, seen),
    /** Keeps the customer's message with the booking and tells the owner. */
    ask: (bookingId: number, text: string) => askForChange(deps, bookingId, text),
    /**
     * The calendar file of a booking that stands: the invitation its mails carry (same UID, same
     * writer), stamped with its last change so every download of one version is the same file.
     */
    async calendarFile(token: string): Promise<string | undefined> {
      const view = await customerPage(deps, token);
      if (!view?.calendar) return undefined;
      const { booking } = view;
      const business = await businessContact(deps);
      const now = deps.clock.now();
      return invitationText(
        invitationFor({
          booking,
          kind: 'confirmation',
          sequence: booking.sequence,
          business,
          now: booking.updated_at,
          today: londonDay(now),
        }),
      );
    },
  };
}

export type CustomerPageService = ReturnType<typeof createCustomerPageService>;
export type { CustomerPageView } from './customer-page.ts';
