// A booking's dates and times at their edges (issue 35, items 4 and 6; decisions 0458 and 0459), on
// both databases: a day outside 2000–2099 is a 400 naming its field and stores nothing, a row stored
// before the range was enforced is refused on confirming (never a 500) and kept out of the owner's
// feed, a time the UK clock skips or reads twice is refused, and an end time needs a start time.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

describeEachDatabase('booking dates and times', (ctx) => {
  let token = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
  const bookingCount = async () =>
    Number(
      (
        await ctx()
          .db.selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function refused(payload: object, field: string, words: string) {
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name: 'Priya Shah' });
    const response = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, {
      ...BOOKING_DETAILS,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.json().detail).toContain(field);
    expect(response.json().detail).toContain(words);
  }

  it('refuses a day outside 2000–2099 with a 400 naming the field, storing nothing', async () => {
    token = (await ctx().loginAs()).token;
    await refused({ start_date: '9999-12-31' }, 'start_date', 'must be a day from 2000-01-01 to 2099-12-31');
    await refused({ end_date: '2100-01-01' }, 'end_date', 'must be a day from 2000-01-01 to 2099-12-31');
    await refused(
      { deposit_paid_on: '1999-12-31' },
      'deposit_paid_on',
      'must be a day from 2000-01-01 to 2099-12-31',
    );
    await refused({ start_date: '+010000-01-01' }, 'start_date', 'must be a date in the form YYYY-MM-DD');
    expect(await bookingCount()).toBe(0);
    for (const query of ['from=9999-12-01&to=9999-12-31', 'from=2026-06-15&to=+275760-09-13']) {
      const response = await ctx().request({ method: 'GET', url: `/api/availability?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toMatch(/from|to/);
    }
  });

  it('refuses to confirm a booking stored with a day past 2099, and leaves it out of the owner feed', async () => {
    token = (await ctx().loginAs()).token;
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name: 'Tom Jones' });
    const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, BOOKING_DETAILS);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().booking.id as number;
    // As a server before this release could have stored it.
    await ctx()
      .db.updateTable('bookings')
      .set({ start_date: '9999-12-31', end_date: '9999-12-31', start_time: null, end_time: null })
      .where('id', '=', id)
      .execute();
    const confirm = await call('POST', `/api/admin/bookings/${id}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(confirm.json().detail).toBe(
      'Its dates are not ones a booking can have: change them before confirming',
    );
    const url = new URL((await call('GET', '/api/admin/bookings/calendar-feed')).json().url as string);
    const feed = await ctx().request({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('Tom Jones');
    expect(feed.body).not.toMatch(/DTEND;VALUE=DATE:(?![0-9]{8}\r\n)/);
    // The owner can still put it right: an edit within the range, then a confirmation.
    const fixed = await call('PUT', `/api/admin/bookings/${id}`, BOOKING_DETAILS);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`)).statusCode).toBe(200);
  });

  it('refuses a time the clocks skip or read twice on a clock-change day, saying so', async () => {
    token = (await ctx().loginAs()).token;
    await refused(
      { start_date: '2027-03-28', start_time: '01:30', end_time: '05:00' },
      'start_time',
      'does not exist on 2027-03-28: UK clocks go forward from 01:00 to 02:00',
    );
    await refused(
      { start_date: '2026-10-24', end_date: '2026-10-25', start_time: '10:00', end_time: '01:15' },
      'end_time',
      'happens twice on 2026-10-25: UK clocks go back from 02:00 to 01:00',
    );
    expect(await bookingCount()).toBe(0);
    // Either side of the changed hour is a time like any other.
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name: 'Ann Lee' });
    const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, {
      ...BOOKING_DETAILS,
      start_date: '2026-10-25',
      start_time: '00:59',
      end_time: '02:00',
    });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('refuses an end time without a start time, rather than send an all-day invitation', async () => {
    token = (await ctx().loginAs()).token;
    await refused({ start_time: null, end_time: '17:00' }, 'end_time', 'needs a start time');
    expect(await bookingCount()).toBe(0);
  });
});
