// The one calendar (issue 36 item 1, docs/decisions/0468), on both databases: an event that needs the
// crew takes its day as a confirmed booking does — visitors see it taken, a booking cannot be
// confirmed or moved onto it, an event cannot be saved or restored onto a booking's day, and two
// admins racing for one day get one success. An event that does not need the crew takes nothing.
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

/** The test clock's day is 2026-06-15 (London); BOOKING_DETAILS is for Fri 14 Aug 2026. */
const FESTIVAL = { name: 'Henley Summer Festival', location: 'Henley', date: '2026-08-14' };

describeEachDatabase(
  'one calendar for bookings and events',
  (ctx) => {
    let token = '';
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      ctx().request({ method, url, token, ...(payload ? { payload } : {}) });

    async function signIn(context: TestContext) {
      token = (await context.loginAs()).token;
    }

    async function bookedFor(name: string, payload: object = BOOKING_DETAILS) {
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      });
      const response = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().booking as { id: number };
    }

    async function confirmed(name: string, payload: object = BOOKING_DETAILS) {
      const { id } = await bookedFor(name, payload);
      const response = await call('POST', `/api/admin/bookings/${id}/confirm`);
      expect(response.statusCode, response.body).toBe(200);
      return id;
    }

    async function addEvent(payload: object = FESTIVAL) {
      const response = await call('POST', '/api/admin/events', payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number; needs_crew: boolean }>();
    }

    const taken = async () =>
      (await ctx().request({ method: 'GET', url: '/api/availability?from=2026-08-01&to=2026-08-31' })).json<{
        taken: string[];
      }>().taken;

    const eventNames = async () =>
      (await call('GET', '/api/admin/events')).json<{ name: string; date: string }[]>().map((e) => e.name);

    it("greys an event's day for visitors and refuses to confirm a booking on it, naming the event", async () => {
      await signIn(ctx());
      const event = await addEvent();
      expect(event.needs_crew).toBe(true);
      expect(await taken()).toEqual(['2026-08-14']);

      const { id } = await bookedFor('Tom Jones');
      const clash = await call('POST', `/api/admin/bookings/${id}/confirm`);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toBe(
        `Fri 14 Aug 2026 is taken by the event "Henley Summer Festival" (event ${event.id}). ` +
          'Choose another date, or tick "Allow another booking on the same day" on the booking to share it.',
      );
      expect((await call('GET', `/api/admin/bookings/${id}`)).json().booking.state).toBe('provisional');

      // Sharing stays possible, as an explicit choice on the booking.
      await call('PUT', `/api/admin/bookings/${id}`, { ...BOOKING_DETAILS, shares_day: true });
      expect((await call('POST', `/api/admin/bookings/${id}/confirm`)).statusCode).toBe(200);
    });

    it('refuses to move a confirmed booking onto an event day, and changes nothing', async () => {
      await signIn(ctx());
      await addEvent({ ...FESTIVAL, date: '2026-08-20' });
      const id = await confirmed('Ann Lee');
      const moved = await call('PUT', `/api/admin/bookings/${id}`, {
        ...BOOKING_DETAILS,
        start_date: '2026-08-19',
        end_date: '2026-08-21',
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().detail).toMatch(/^Thu 20 Aug 2026 is taken by the event "Henley Summer Festival"/);
      const booking = (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
      expect([booking.start_date, booking.end_date]).toEqual(['2026-08-14', '2026-08-14']);
      expect(await taken()).toEqual(['2026-08-14', '2026-08-20']);
    });

    it("refuses an event on a confirmed booking's day, new or moved, naming the booking", async () => {
      await signIn(ctx());
      const id = await confirmed('Sam Carter');
      const clash = await call('POST', '/api/admin/events', FESTIVAL);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toBe(
        `Fri 14 Aug 2026 is already booked for Sam Carter (booking ${id}). ` +
          'Choose another date, move that booking first, or untick "Needs our crew" if the crew does not work this event.',
      );
      expect(await eventNames()).toEqual([]);

      const event = await addEvent({ ...FESTIVAL, date: '2026-08-15' });
      const moved = await call('PUT', `/api/admin/events/${event.id}`, { date: '2026-08-14' });
      expect(moved.statusCode).toBe(409);
      const events = (await call('GET', '/api/admin/events')).json<{ date: string }[]>();
      expect(events.map((e) => e.date)).toEqual(['2026-08-15']);
      expect(await taken()).toEqual(['2026-08-14', '2026-08-15']);

      // A listing of someone else's show leaves the day free, so it may sit on a booking's day.
      const listing = await call('PUT', `/api/admin/events/${event.id}`, {
        date: '2026-08-14',
        needs_crew: false,
      });
      expect(listing.statusCode, listing.body).toBe(200);
      expect(listing.json().needs_crew).toBe(false);
      expect(await taken()).toEqual(['2026-08-14']);
    });

    it("frees a deleted event's day, and restores it only while the day is still free", async () => {
      await signIn(ctx());
      const event = await addEvent();
      expect((await call('DELETE', `/api/admin/events/${event.id}`)).statusCode).toBe(200);
      expect(await taken()).toEqual([]);

      const id = await confirmed('Priya Shah');
      const restore = () =>
        call('POST', '/api/admin/trash/restore', { items: [{ kind: 'events', id: event.id }] });
      const refused = await restore();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(`is already booked for Priya Shah (booking ${id})`);
      expect(await eventNames()).toEqual([]);
      const trash = (await call('GET', '/api/admin/trash')).json<{ items: { id: number }[] }>();
      expect(trash.items.map((item) => item.id)).toEqual([event.id]);

      expect((await call('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(200);
      expect((await restore()).statusCode).toBe(200);
      expect(await eventNames()).toEqual(['Henley Summer Festival']);
      expect(await taken()).toEqual(['2026-08-14']);
    });

    it('flags an enquiry whose preferred date an event has taken', async () => {
      await signIn(ctx());
      await addEvent();
      const sent = await ctx().request({
        method: 'POST',
        url: '/api/enquiries',
        payload: {
          name: 'Jo Bloggs',
          email: 'jo@example.com',
          organisation: 'Bloggs & Co',
          message: 'A team day for twenty people, please.',
          preferred_date: '2026-08-14',
          recaptchaToken: 'unused-with-captcha-off',
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const stored = await ctx().db.selectFrom('enquiries').select('date_taken').executeTakeFirstOrThrow();
      expect(stored.date_taken).toBe(1);
    });

    it('gives one day to one of an event and a booking saved for it at the same moment', async () => {
      await signIn(ctx());
      const { id } = await bookedFor('Tom Jones');
      const [event, confirm] = await Promise.all([
        call('POST', '/api/admin/events', FESTIVAL),
        call('POST', `/api/admin/bookings/${id}/confirm`),
      ]);
      // Exactly one of them has the day: the event (201 and 409) or the booking (409 and 200).
      expect([
        [201, 409],
        [409, 200],
      ]).toContainEqual([event.statusCode, confirm.statusCode]);
      const holders = await ctx().db.selectFrom('calendar_days').selectAll().execute();
      expect(holders).toHaveLength(1);
      expect(holders[0]!.event_id === null).toBe(event.statusCode === 409);
    });

    it('tells the booking form at once who is on its days, and the nearest free days either side', async () => {
      await signIn(ctx());
      const event = await addEvent({ ...FESTIVAL, date: '2026-08-15' });
      const tom = await confirmed('Tom Jones');
      const ann = await bookedFor('Ann Lee', { ...BOOKING_DETAILS, start_date: '2026-08-16' });
      const check = async (query: string) => {
        const response = await call('GET', `/api/admin/bookings/day-check?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ occupants: object[]; nearest_free: object[] }>();
      };
      // Three days from the 14th: Tom's confirmed day, the festival, Ann's hold (which refuses nothing).
      expect(await check('from=2026-08-14&to=2026-08-16')).toEqual({
        success: true,
        occupants: [
          {
            day: '2026-08-14',
            kind: 'booking',
            id: tom,
            name: 'Tom Jones',
            state: 'confirmed',
            blocks: true,
          },
          {
            day: '2026-08-15',
            kind: 'event',
            id: event.id,
            name: FESTIVAL.name,
            state: 'event',
            blocks: true,
          },
          {
            day: '2026-08-16',
            kind: 'booking',
            id: ann.id,
            name: 'Ann Lee',
            state: 'provisional',
            blocks: false,
          },
        ],
        nearest_free: [
          { from: '2026-08-11', to: '2026-08-13' },
          { from: '2026-08-16', to: '2026-08-18' },
        ],
      });
      // Tom's own booking, being edited, does not clash with itself; a hold alone offers no other days.
      expect(await check(`from=2026-08-14&to=2026-08-14&booking=${tom}`)).toEqual({
        success: true,
        occupants: [],
        nearest_free: [],
      });
      expect((await check('from=2026-08-16&to=2026-08-16')).nearest_free).toEqual([]);
      // Never a free day before today (the test clock's 15 June 2026).
      await addEvent({ ...FESTIVAL, name: 'Midsummer Fair', date: '2026-06-16' });
      expect((await check('from=2026-06-16&to=2026-06-16')).nearest_free).toEqual([
        { from: '2026-06-15', to: '2026-06-15' },
        { from: '2026-06-17', to: '2026-06-17' },
      ]);

      for (const [query, detail] of [
        ['from=2026-08-14&to=2026-08-30', 'querystring to: must be at most 14 days after from'],
        ['from=2026-08-14&to=2026-08-13', 'querystring to: must be on or after from'],
        [
          'from=2026-08-14&to=2026-08-14&booking=99999999999',
          'querystring booking: must be at most 2147483647',
        ],
      ]) {
        const refused = await call('GET', `/api/admin/bookings/day-check?${query}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toBe(detail);
      }
    });

    it('keeps a completed booking on its days, while its notes and money may still change', async () => {
      await signIn(ctx());
      const id = await confirmed('Sam Carter');
      ctx().clock.set(Date.UTC(2026, 7, 15, 9));
      await signIn(ctx()); // two months on, the first session has ended
      expect((await call('POST', `/api/admin/bookings/${id}/complete`)).statusCode).toBe(200);
      for (const moved of [{ start_date: '2026-08-20' }, { end_date: '2026-08-15' }, { shares_day: true }]) {
        const refused = await call('PUT', `/api/admin/bookings/${id}`, { ...BOOKING_DETAILS, ...moved });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().detail).toBe(
          'A completed booking keeps its days: only its notes, money, place and contact details can change',
        );
      }
      const noted = await call('PUT', `/api/admin/bookings/${id}`, {
        ...BOOKING_DETAILS,
        notes: 'Balance paid by bank transfer',
        deposit_paid_on: '2026-08-01',
      });
      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json().booking).toMatchObject({
        state: 'completed',
        notes: 'Balance paid by bank transfer',
      });
      expect(await taken()).toEqual(['2026-08-14']);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off' } },
);
