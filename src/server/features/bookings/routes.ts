import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availability,
  bookingAnswer,
  bookingInput,
  bookingList,
  bookingsFeed,
  dayCheckAnswer,
  dayCheckQuery,
  dayWindowQuery,
  moneyInput,
} from '#shared/schemas/bookings.ts';
import { bookingEditHeaders } from '#shared/schemas/booking-edit.ts';
import { AVAILABILITY_LIMIT, BOOKING_LIMITS } from '#shared/constants.ts';
import { idParams } from '#shared/schemas/common.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { registerCancelRoutes } from './cancel-routes.ts';
import type { BookingsService } from './service.ts';

/** What the booking schema cannot say: rules across its fields and the clock, refused with a 400. */
const BOOKING_RULES =
  'Rules across fields, each a 400 naming the field: the end date is on or after the start date and ' +
  `the booking spans at most ${BOOKING_LIMITS.maxDays} days; an end time needs a start time and, on a ` +
  'one-day booking, comes after it; a time the UK clocks skip or repeat on that day is refused; a day ' +
  'money was received needs its amount and an amount its day, an amount left out beside its day being ' +
  'the deposit asked or the rest of the price (docs/decisions/0474).';

/** When a hold lapses (docs/decisions/0467), which the answer's hold_expires_at gives. */
const HOLD_RULE =
  ' A provisional booking (hold) lapses HOLD_DAYS after it was made, or at 00:00 London on the day ' +
  'HOLD_LEAD_DAYS before its first day if sooner, but never before the moment it is set: at shorter ' +
  'notice at the start of its first day (the end of that day when booked on it). New dates for a hold ' +
  'set its lapse again, its age still counted from when it was made.';

const EDIT_REFUSED =
  'The booking is cancelled, another confirmed booking has one of its days, or it has changed since ' +
  'the version named in If-Match';

/** What the money schema cannot say (docs/decisions/0474), each a 400 naming the field. */
const MONEY_RULES =
  'The money received and refunded, as a whole, on a booking in any state (a cancelled one too); the ' +
  'customer is not mailed. Each day needs its amount and each amount its day; an amount left out beside ' +
  'its day is the usual one: the deposit asked, the rest of the price, or everything received. A refund ' +
  'is at most what was received, and only on a cancelled booking (409).';

export function registerBookingRoutes(app: FastifyInstance, bookings: BookingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerAvailabilityRoute(app, bookings);
  registerDayCheckRoute(app, bookings);
  registerMoneyRoute(app, bookings);

  api.get(
    '/api/admin/bookings',
    { schema: { querystring: dayWindowQuery, response: { 200: bookingList } } },
    async (request) => ({
      success: true as const,
      bookings: await bookings.list(request.query.from, request.query.to),
    }),
  );

  api.get(
    '/api/admin/bookings/:id',
    { schema: { params: idParams, response: { 200: bookingAnswer } } },
    async (request) => ({ success: true as const, booking: await bookings.get(request.params.id) }),
  );

  api.post(
    '/api/admin/enquiries/:id/booking',
    {
      config: { answers: { 409: 'The enquiry already has a booking, or is spam' } },
      schema: {
        description: BOOKING_RULES + ' A new booking starts today or later (London).' + HOLD_RULE,
        params: idParams,
        body: bookingInput,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      booking: await bookings.bookEnquiry(request.params.id, request.body),
    }),
  );

  api.put(
    '/api/admin/bookings/:id',
    {
      config: {
        answers: { 409: EDIT_REFUSED },
      },
      schema: {
        description: BOOKING_RULES + HOLD_RULE,
        params: idParams,
        headers: bookingEditHeaders,
        body: bookingInput,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      booking: await bookings.update(request.params.id, request.body, request.headers['if-match']),
    }),
  );

  const transitions = [
    [
      'confirm',
      bookings.confirm,
      'Not provisional, its dates have passed, or another confirmed booking has one of its days',
    ],
    ['complete', bookings.complete, 'Not confirmed, or its last day is still to come'],
  ] as const;
  for (const [action, change, refused] of transitions)
    api.post(
      `/api/admin/bookings/:id/${action}`,
      {
        config: { answers: { 409: refused } },
        schema: { params: idParams, response: { 200: bookingAnswer } },
      },
      async (request) => ({ success: true as const, booking: await change(request.params.id) }),
    );
  registerCustomerPageRoutes(app, bookings);
  registerCancelRoutes(app, bookings);
  registerOwnerFeedRoutes(app, bookings);
}

/**
 * The owner's side of the customer's page (decision 0473): a hold sent as a quote they can accept
 * there, and a new address for the page when the old one reached someone it should not have (0483).
 */
function registerCustomerPageRoutes(app: FastifyInstance, bookings: BookingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/bookings/:id/quote',
    {
      config: {
        answers: {
          409: 'Not provisional, its hold has lapsed, or it has no price or no customer e-mail address',
        },
      },
      schema: {
        description:
          "E-mails the customer the hold's details and price with the address of their booking's page " +
          '(`customer_link`), where they may accept it; each quote is a mail of its own (`kind: quote`).',
        params: idParams,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({ success: true as const, booking: await bookings.quote(request.params.id) }),
  );
  api.post(
    '/api/admin/bookings/:id/new-customer-link',
    {
      config: { answers: { 409: "The customer's details were erased, so the booking has no page" } },
      schema: {
        description:
          "Replaces the address of the customer's page (`customer_link`): the old one answers 404 from " +
          'now on, mails still to go carry the new one, and nobody is mailed.',
        params: idParams,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      booking: await bookings.newCustomerLink(request.params.id),
    }),
  );
}

/** The money received and refunded, on a booking in any state (docs/decisions/0474). */
function registerMoneyRoute(app: FastifyInstance, bookings: BookingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/api/admin/bookings/:id/money',
    {
      config: {
        answers: {
          409: 'A refund on a booking that is not cancelled, or it has changed since the version named in If-Match',
        },
      },
      schema: {
        description: MONEY_RULES,
        params: idParams,
        headers: bookingEditHeaders,
        body: moneyInput,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      booking: await bookings.recordMoney(request.params.id, request.body, request.headers['if-match']),
    }),
  );
}

/** The public availability: the days taken, nothing of who; limited per address (decision 0460). */
function registerAvailabilityRoute(app: FastifyInstance, bookings: BookingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/availability',
    {
      config: {
        answers: {
          429:
            `More than ${AVAILABILITY_LIMIT.perAddressPerMinute} requests a minute from this address: ` +
            '`Retry-After` says when to try again',
        },
      },
      schema: { querystring: dayWindowQuery, response: { 200: availability } },
    },
    async (request, reply) => {
      // Read on every request (one indexed query): a day confirmed through any instance shows as
      // taken at once. The browser revalidates (ETag) rather than keeping a copy that could be stale.
      reply.header('cache-control', 'no-cache');
      return bookings.availability(request.ip, request.query.from, request.query.to);
    },
  );
}

/**
 * The bookings calendar feed: each admin's own address in Settings (never another's), a new one on
 * request, and the feed itself (docs/decisions/0461).
 */
function registerOwnerFeedRoutes(app: FastifyInstance, bookings: BookingsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/bookings/calendar-feed',
    { schema: { response: { 200: bookingsFeed } } },
    async (request) => ({ success: true as const, url: await bookings.feedUrl(requireAdmin(request).id) }),
  );
  api.post(
    '/api/admin/bookings/calendar-feed/rotate',
    { schema: { response: { 200: bookingsFeed } } },
    async (request) => ({
      success: true as const,
      url: await bookings.feedUrl(requireAdmin(request).id, true),
    }),
  );
  app.get<{ Params: { file: string } }>(
    '/calendar/:file',
    { config: { securityHeaders: 'api' }, schema: { hide: true } },
    async (request, reply) => {
      const secret = OWNER_FEED_FILE.exec(request.params.file)?.[1];
      const feed = secret === undefined ? undefined : await bookings.ownerFeed(secret);
      // A wrong or old secret is no different from any missing page.
      if (feed === undefined) return reply.callNotFound();
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          // Customers' names: never kept by a proxy, never indexed.
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(feed)
      );
    },
  );
}

/** 'bookings-<secret>.ics', the secret being base64url (feedSecret). */
const OWNER_FEED_FILE = /^bookings-([A-Za-z0-9_-]{20,100})\.ics$/;

/** The booking form's look at its days before it is saved (docs/decisions/0469). */
function registerDayCheckRoute(app: FastifyInstance, bookings: BookingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/bookings/day-check',
    {
      schema: {
        description:
          'Who else is on the days a booking form asks for (other live bookings and events, each saying ' +
          'whether it would refuse a confirmation), and the nearest runs of as many free days. `booking` ' +
          'is the booking being edited, which does not clash with itself.',
        querystring: dayCheckQuery,
        response: { 200: dayCheckAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await bookings.dayCheck(request.query.from, request.query.to, request.query.booking)),
    }),
  );
}
