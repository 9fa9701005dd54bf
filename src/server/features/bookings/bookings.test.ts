// Bookings through the API on both databases (docs/decisions/0454): an enquiry becomes a provisional
// booking, confirming takes its days alone (the database refuses a second one, also when two admins
// confirm at once), cancelling frees them, a hold lapses, and bad input changes nothing.
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

const details = BOOKING_DETAILS;

describeEachDatabase('bookings', (ctx) => {
  let token = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx().request({ method, url, token, ...(payload ? { payload } : {}) });

  async function enquiryFrom(name: string, email = `${name.split(' ')[0]!.toLowerCase()}@example.com`) {
    return storeEnquiry(ctx().db, ctx().clock.now(), { name, email });
  }

  async function book(enquiryId: number, payload: object = details) {
    const response = await call('POST', `/api/admin/enquiries/${enquiryId}/booking`, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().booking as { id: number; state: string; [key: string]: unknown };
  }

  const enquiryStatus = async (id: number) =>
    (await ctx().db.selectFrom('enquiries').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  const taken = async (from: string, to: string) => {
    const response = await ctx().request({ method: 'GET', url: `/api/availability?from=${from}&to=${to}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().taken as string[];
  };

  async function signIn(context: TestContext) {
    token = (await context.loginAs()).token;
  }

  it('makes a provisional booking from an enquiry, with the customer, a hold and the enquiry booked', async () => {
    await signIn(ctx());
    const enquiry = await enquiryFrom('Priya Shah');
    const booking = await book(enquiry);
    expect(booking).toMatchObject({
      state: 'provisional',
      enquiry_id: enquiry,
      customer_name: 'Priya Shah',
      customer_email: 'priya@example.com',
      start_date: '2026-08-14',
      end_date: '2026-08-14',
      postcode: 'RG9 2HY',
      price_pence: 185_000,
      shares_day: false,
      // 14 days (HOLD_DAYS' default) from now.
      hold_expires_at: '2026-06-29T12:00:00.000Z',
    });
    expect(await enquiryStatus(enquiry)).toBe('booked');
    // The enquiry list names its booking, so its card links there.
    const listed = (await call('GET', '/api/enquiries')).json().enquiries as {
      id: number;
      booking: unknown;
    }[];
    expect(listed.find((e) => e.id === enquiry)?.booking).toEqual({
      id: booking.id,
      state: 'provisional',
      start_date: '2026-08-14',
    });
    // A hold does not make the day unavailable to visitors.
    expect(await taken('2026-08-01', '2026-08-31')).toEqual([]);
    // One live booking per enquiry.
    const again = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(`already has booking ${booking.id} (provisional, Fri 14 Aug 2026)`);
  });

  it('confirms: the days show as taken, a second confirmation on them is refused naming the first', async () => {
    await signIn(ctx());
    const first = await book(await enquiryFrom('Tom Jones'), { ...details, end_date: '2026-08-16' });
    const second = await book(await enquiryFrom('Ann Lee'), { ...details, start_date: '2026-08-16' });
    expect((await call('POST', `/api/admin/bookings/${first.id}/confirm`)).statusCode).toBe(200);
    expect(await taken('2026-08-01', '2026-08-31')).toEqual(['2026-08-14', '2026-08-15', '2026-08-16']);
    // The answer names the days only, never who booked them.
    const answer = await ctx().request({
      method: 'GET',
      url: '/api/availability?from=2026-08-01&to=2026-08-31',
    });
    expect(answer.body).not.toMatch(/Tom|Jones/);
    expect(answer.headers['cache-control']).toBe('no-cache');

    const clash = await call('POST', `/api/admin/bookings/${second.id}/confirm`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(
      `Sun 16 Aug 2026 is already booked for Tom Jones (booking ${first.id}). ` +
        'Choose another date, or tick "Allow another booking on the same day" on the booking to share it.',
    );
    expect((await call('GET', `/api/admin/bookings/${second.id}`)).json().booking.state).toBe('provisional');

    // Allowed for that booking, it is confirmed beside the first.
    await call('PUT', `/api/admin/bookings/${second.id}`, {
      ...details,
      start_date: '2026-08-16',
      shares_day: true,
    });
    expect((await call('POST', `/api/admin/bookings/${second.id}/confirm`)).statusCode).toBe(200);

    // Cancelling the first frees its days (the shared one stays taken by the second); its enquiry is closed.
    expect((await call('POST', `/api/admin/bookings/${first.id}/cancel`)).statusCode).toBe(200);
    expect(await taken('2026-08-01', '2026-08-31')).toEqual(['2026-08-16']);
    expect(await enquiryStatus(first.enquiry_id as number)).toBe('closed');

    // Every change is in the audit log, naming the booking.
    const audit = (await call('GET', '/api/admin/audit')).json().entries as {
      action: string;
      target_id: string;
    }[];
    expect(
      audit
        .filter((entry) => entry.target_id === String(first.id) && entry.action.includes('/bookings/'))
        .map((entry) => entry.action),
    ).toEqual(['POST /api/admin/bookings/:id/cancel', 'POST /api/admin/bookings/:id/confirm']);
  });

  it('gives one success and one 409 when two admins confirm the same day at the same moment', async () => {
    await signIn(ctx());
    const a = await book(await enquiryFrom('Tom Jones'));
    const b = await book(await enquiryFrom('Ann Lee'));
    const answers = await Promise.all([
      call('POST', `/api/admin/bookings/${a.id}/confirm`),
      call('POST', `/api/admin/bookings/${b.id}/confirm`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().detail).toMatch(
      /^Fri 14 Aug 2026 is already booked for (Tom Jones|Ann Lee) \(booking \d+\)/,
    );
    const confirmed = await ctx()
      .db.selectFrom('bookings')
      .select('id')
      .where('state', '=', 'confirmed')
      .execute();
    expect(confirmed).toHaveLength(1);
    expect(await ctx().db.selectFrom('calendar_days').selectAll().execute()).toEqual([
      { day: '2026-08-14', booking_id: confirmed[0]!.id, event_id: null },
    ]);
  });

  it('confirms a booking once when two admins press Confirm on it at the same moment', async () => {
    await signIn(ctx());
    const a = await book(await enquiryFrom('Tom Jones'));
    const answers = await Promise.all([
      call('POST', `/api/admin/bookings/${a.id}/confirm`),
      call('POST', `/api/admin/bookings/${a.id}/confirm`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!.json().detail as string;
    expect(refused).toMatch(
      /^(Only a provisional booking can be confirmed; this one is confirmed|Someone else changed this booking at the same moment: look at it again)$/,
    );
    // One confirmation owed to the customer, not two.
    expect(
      await ctx().db.selectFrom('booking_mails').select('kind').where('booking_id', '=', a.id).execute(),
    ).toEqual([{ kind: 'confirmation' }]);
  });

  it('moves a confirmed booking only to free days, and marks it completed from its last day', async () => {
    await signIn(ctx());
    const a = await book(await enquiryFrom('Tom Jones'), { ...details, start_date: '2026-06-20' });
    const b = await book(await enquiryFrom('Ann Lee'), { ...details, start_date: '2026-06-22' });
    await call('POST', `/api/admin/bookings/${a.id}/confirm`);
    await call('POST', `/api/admin/bookings/${b.id}/confirm`);
    const moved = await call('PUT', `/api/admin/bookings/${a.id}`, { ...details, start_date: '2026-06-22' });
    expect(moved.statusCode).toBe(409);
    // Nothing changed: the booking and its day are as they were.
    expect((await call('GET', `/api/admin/bookings/${a.id}`)).json().booking.start_date).toBe('2026-06-20');
    expect(await taken('2026-06-15', '2026-06-30')).toEqual(['2026-06-20', '2026-06-22']);

    expect((await call('POST', `/api/admin/bookings/${a.id}/complete`)).json().detail).toBe(
      'A booking can be marked completed from its last day on',
    );
    ctx().clock.set(Date.UTC(2026, 5, 20, 18, 0, 0));
    await signIn(ctx()); // days later: a new session
    const done = await call('POST', `/api/admin/bookings/${a.id}/complete`);
    expect(done.json().booking.state).toBe('completed');
    expect(await taken('2026-06-15', '2026-06-30')).toEqual(['2026-06-20', '2026-06-22']);
    expect((await call('POST', `/api/admin/bookings/${a.id}/cancel`)).statusCode).toBe(409);
  });

  it('cancels holds past their time once, and closes their enquiries', async () => {
    await signIn(ctx());
    const hold = await book(await enquiryFrom('Tom Jones'));
    const kept = await book(await enquiryFrom('Ann Lee'));
    await call('POST', `/api/admin/bookings/${kept.id}/confirm`);
    ctx().clock.advance(14 * 24 * 60 * 60 * 1000);
    await signIn(ctx()); // days later: a new session
    expect(await ctx().services.bookings.expireHolds()).toBe(1);
    expect(await ctx().services.bookings.expireHolds()).toBe(0);
    expect((await call('GET', `/api/admin/bookings/${hold.id}`)).json().booking).toMatchObject({
      state: 'cancelled',
      hold_expires_at: null,
    });
    expect(await enquiryStatus(hold.enquiry_id as number)).toBe('closed');
    expect((await call('GET', `/api/admin/bookings/${kept.id}`)).json().booking.state).toBe('confirmed');
  });

  it('anonymises finished bookings six years after their last day, keeping the amounts', async () => {
    await signIn(ctx());
    const done = await book(await enquiryFrom('Tom Jones'), { ...details, start_date: '2026-06-20' });
    const later = await book(await enquiryFrom('Ann Lee'), { ...details, start_date: '2026-07-20' });
    await call('POST', `/api/admin/bookings/${done.id}/confirm`);
    await call('POST', `/api/admin/bookings/${later.id}/cancel`);
    ctx().clock.set(Date.UTC(2026, 5, 21, 9, 0, 0));
    await signIn(ctx());
    await call('POST', `/api/admin/bookings/${done.id}/complete`);
    const names = async () =>
      (
        await ctx().db.selectFrom('bookings').select(['customer_name', 'price_pence']).orderBy('id').execute()
      ).map((row) => `${row.customer_name} ${row.price_pence}`);
    ctx().clock.set(Date.UTC(2032, 5, 19, 12, 0, 0));
    expect(await ctx().services.bookings.anonymiseOld()).toBe(0);
    ctx().clock.set(Date.UTC(2032, 5, 22, 12, 0, 0));
    expect(await ctx().services.bookings.anonymiseOld()).toBe(1);
    expect(await names()).toEqual(['Name removed 185000', 'Ann Lee 185000']);
    ctx().clock.set(Date.UTC(2032, 6, 22, 12, 0, 0));
    expect(await ctx().services.bookings.anonymiseOld()).toBe(1);
    expect(await ctx().services.bookings.anonymiseOld()).toBe(0);
    expect(await names()).toEqual(['Name removed 185000', 'Name removed 185000']);
  });

  it('refuses bad input with a clear detail and changes nothing', async () => {
    await signIn(ctx());
    const enquiry = await enquiryFrom('Tom Jones');
    const cases: [object, string][] = [
      [{ ...details, start_date: '2026-06-14' }, 'start_date: must be today (2026-06-15) or later'],
      [{ ...details, end_date: '2026-08-13' }, 'end_date: must be on or after the start date'],
      [{ ...details, end_date: '2026-08-30' }, 'end_date: must be at most 14 days after the start'],
      [{ ...details, end_time: '09:00' }, 'end_time: must be after the start time'],
      [{ ...details, price_pence: -1 }, 'price_pence: cannot be negative'],
      [{ ...details, price_pence: 10.5 }, 'price_pence: must be a whole number of pence'],
      [{ ...details, people: 10_000 }, 'people: must be at most 5000'],
      [{ ...details, deposit_pence: 200_000 }, 'deposit_pence: cannot be more than the price'],
      [{ ...details, postcode: 'NOTACODE' }, 'postcode: must be a UK postcode such as SW1A 1AA'],
      [{ ...details, start_date: '2026-02-30' }, 'start_date: must be a date in the form YYYY-MM-DD'],
      [{ ...details, start_time: '25:00' }, 'start_time: must be a time such as 09:30'],
    ];
    for (const [payload, detail] of cases) {
      const response = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    expect(await ctx().db.selectFrom('bookings').selectAll().execute()).toEqual([]);
    expect(await enquiryStatus(enquiry)).toBe('new');
    expect((await call('POST', `/api/admin/enquiries/2147483647/booking`, details)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/enquiries/2147483648/booking`, details)).statusCode).toBe(400);
    const window = await ctx().request({
      method: 'GET',
      url: '/api/availability?from=2026-01-01&to=2027-06-01',
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().detail).toContain('must be at most 366 days after from');
  });

  it('is for signed-in admins only, apart from the availability', async () => {
    const anonymous = await ctx().request({
      method: 'GET',
      url: '/api/admin/bookings?from=2026-06-01&to=2026-06-30',
    });
    expect(anonymous.statusCode).toBe(401);
    await signIn(ctx());
    const list = await call('GET', '/api/admin/bookings?from=2026-06-01&to=2026-06-30');
    expect(list.json()).toEqual({ success: true, bookings: [] });
  });
});
