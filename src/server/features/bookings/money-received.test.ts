// Money received (issue 36, item 7; docs/decisions/0474) through the API on both databases: the
// deposit and the balance recorded with their days and amounts, money that does not add up refused
// naming the field, a completed and a cancelled booking's money still recorded, and Analytics by
// source setting what was quoted beside what came in.
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

const details = BOOKING_DETAILS;
type Answer = { id: number; state: string; mails: unknown[]; [field: string]: unknown };

describeEachDatabase('money received on a booking', (ctx) => {
  let token = '';
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx().request({ method, url, token, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    token = (await ctx().loginAs()).token;
  });

  async function book(payload: object = details, source: string | null = null) {
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
      name: 'Priya Shah',
      email: 'priya@example.com',
      source_utm_source: source,
    });
    const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
    expect(made.statusCode, made.body).toBe(200);
    return made.json().booking as Answer;
  }

  const act = async (id: number, action: 'confirm' | 'cancel' | 'complete') => {
    const answer = await call('POST', `/api/admin/bookings/${id}/${action}`);
    expect(answer.statusCode, answer.body).toBe(200);
  };

  const read = async (id: number) =>
    (await call('GET', `/api/admin/bookings/${id}`)).json().booking as Answer;

  it('records the deposit and the balance received, each amount the usual one when left out', async () => {
    const booking = await book();
    expect(booking).toMatchObject({ deposit_paid_on: null, deposit_paid_pence: null, balance_paid_on: null });

    // Ticked as received with no amount: the deposit asked came in.
    const paid = await call('PUT', `/api/admin/bookings/${booking.id}`, {
      ...details,
      deposit_paid_on: '2026-06-20',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().booking).toMatchObject({ deposit_paid_on: '2026-06-20', deposit_paid_pence: 50_000 });

    // Less than asked, then the balance: left out, it is the rest of the price.
    const balance = await call('PUT', `/api/admin/bookings/${booking.id}`, {
      ...details,
      deposit_paid_on: '2026-06-20',
      deposit_paid_pence: 30_000,
      balance_paid_on: '2026-08-14',
    });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(await read(booking.id)).toMatchObject({
      deposit_paid_on: '2026-06-20',
      deposit_paid_pence: 30_000,
      balance_paid_on: '2026-08-14',
      balance_paid_pence: 155_000,
      refunded_on: null,
      refunded_pence: null,
    });

    // A different balance is kept as typed; taking the day away takes the amount with it.
    const typed = await call('PUT', `/api/admin/bookings/${booking.id}`, {
      ...details,
      balance_paid_on: '2026-08-15',
      balance_paid_pence: 160_000,
    });
    expect(typed.json().booking).toMatchObject({
      deposit_paid_on: null,
      deposit_paid_pence: null,
      balance_paid_pence: 160_000,
    });
  });

  it('refuses money that does not add up with a 400 naming the field, and changes nothing', async () => {
    const booking = await book({ ...details, deposit_paid_on: '2026-06-16', deposit_paid_pence: 20_000 });
    const before = await read(booking.id);
    const bad: [object, string][] = [
      [{ deposit_paid_pence: 20_000 }, 'deposit_paid_on: needs the day the money was received'],
      [
        { deposit_paid_on: '2026-06-16', deposit_paid_pence: null },
        'deposit_paid_pence: needs the amount received',
      ],
      [
        { deposit_paid_on: '2026-06-16', deposit_pence: null },
        'deposit_paid_pence: needs the amount received (no deposit was asked)',
      ],
      [{ balance_paid_on: '2026-08-14', price_pence: null }, 'balance_paid_pence: needs the amount received'],
      [{ balance_paid_pence: 1000 }, 'balance_paid_on: needs the day the money was received'],
      [{ deposit_paid_on: '2026-06-16', deposit_paid_pence: -1 }, 'deposit_paid_pence: cannot be negative'],
      [
        { deposit_paid_on: '2026-06-16', deposit_paid_pence: 12.5 },
        'deposit_paid_pence: must be a whole number',
      ],
      [
        { balance_paid_on: '2026-08-14', balance_paid_pence: 100_000_001 },
        'balance_paid_pence: must be at most',
      ],
      [
        { balance_paid_on: '9999-12-31', balance_paid_pence: 1000 },
        'balance_paid_on: must be a day from 2000',
      ],
      [{ balance_paid_on: '2026-08-14', balance_paid_pence: '1000' }, 'balance_paid_pence: must be a whole'],
    ];
    for (const [change, detail] of bad) {
      const refused = await call('PUT', `/api/admin/bookings/${booking.id}`, { ...details, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().detail).toMatch(detail);
    }
    const badMoney: [object, string][] = [
      [
        {
          refunded_on: '2026-07-01',
          refunded_pence: 20_001,
          deposit_paid_on: '2026-06-16',
          deposit_paid_pence: 20_000,
        },
        'refunded_pence: cannot be more than was received (£200.00)',
      ],
      [{ refunded_on: '2026-07-01' }, 'refunded_on: nothing is recorded as received to refund'],
      [{ refunded_pence: 100 }, 'refunded_on: needs the day the money was refunded'],
      [{ deposit_paid_on: '2026-06-16', deposit_paid_pence: -5 }, 'deposit_paid_pence: cannot be negative'],
      [{ refunded_on: '2100-01-01', refunded_pence: 1 }, 'refunded_on: must be a day from 2000'],
    ];
    for (const [money, detail] of badMoney) {
      const refused = await call('PUT', `/api/admin/bookings/${booking.id}/money`, money);
      expect(refused.statusCode, JSON.stringify(money)).toBe(400);
      expect(refused.json().detail).toMatch(detail);
    }
    expect(await read(booking.id)).toEqual(before);
  });

  it('records money on a completed booking, and on a cancelled one, whose deposit is kept or refunded', async () => {
    const done = await book({ ...details, start_date: '2026-06-15', start_time: null, end_time: null });
    await act(done.id, 'confirm');
    await act(done.id, 'complete');
    // The balance paid after the day, through the form's call: the days stay, the money changes.
    const settled = await call('PUT', `/api/admin/bookings/${done.id}`, {
      ...details,
      start_date: '2026-06-15',
      start_time: null,
      end_time: null,
      deposit_paid_on: '2026-06-01',
      balance_paid_on: '2026-06-15',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().booking).toMatchObject({ state: 'completed', balance_paid_pence: 135_000 });

    const cancelled = await book({ ...details, deposit_paid_on: '2026-06-15' });
    await act(cancelled.id, 'confirm');
    await act(cancelled.id, 'cancel');
    // The mail started in the background has gone (or was dropped) before the count is taken.
    await ctx().services.bookings.settled();
    const mails = (await read(cancelled.id)).mails.length;
    // Its details are done with (409), its money is not.
    expect((await call('PUT', `/api/admin/bookings/${cancelled.id}`, details)).statusCode).toBe(409);
    const refunded = await call('PUT', `/api/admin/bookings/${cancelled.id}/money`, {
      deposit_paid_on: '2026-06-15',
      refunded_on: '2026-06-18',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().booking).toMatchObject({
      state: 'cancelled',
      deposit_paid_pence: 50_000,
      refunded_on: '2026-06-18',
      refunded_pence: 50_000,
      start_date: '2026-08-14',
    });
    // Half of it went back after all; the customer hears nothing of the accounts.
    const half = await call('PUT', `/api/admin/bookings/${cancelled.id}/money`, {
      deposit_paid_on: '2026-06-15',
      refunded_on: '2026-06-18',
      refunded_pence: 25_000,
    });
    expect(half.json().booking).toMatchObject({ refunded_pence: 25_000 });
    expect((await read(cancelled.id)).mails).toHaveLength(mails);

    // While a booking stands, nothing is refunded: what it received is changed instead.
    const standing = await book({ ...details, start_date: '2026-09-01', deposit_paid_on: '2026-06-15' });
    const early = await call('PUT', `/api/admin/bookings/${standing.id}/money`, {
      deposit_paid_on: '2026-06-15',
      refunded_on: '2026-06-16',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch("Only a cancelled booking's money is refunded");
    expect(await read(standing.id)).toMatchObject({ refunded_on: null, deposit_paid_pence: 50_000 });
    expect((await call('PUT', '/api/admin/bookings/999999/money', {})).statusCode).toBe(404);
  });

  it('keeps the money of a booking whose customer is erased: amounts are the accounts, not personal data', async () => {
    const booking = await book({
      ...details,
      deposit_paid_on: '2026-06-15',
      balance_paid_on: '2026-06-16',
      balance_paid_pence: 1000,
    });
    const erased = await call('DELETE', '/api/admin/data-subject?email=priya%40example.com');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await read(booking.id)).toMatchObject({
      customer_name: 'Name removed',
      state: 'cancelled',
      price_pence: 185_000,
      deposit_paid_on: '2026-06-15',
      deposit_paid_pence: 50_000,
      balance_paid_on: '2026-06-16',
      balance_paid_pence: 1000,
    });
  });

  it('sets the quoted value and the money received side by side per source and in the total', async () => {
    // newsletter: a confirmed booking paid in full, and a cancelled one whose deposit was kept.
    const full = await book(
      { ...details, deposit_paid_on: '2026-06-15', balance_paid_on: '2026-06-16' },
      'newsletter',
    );
    await act(full.id, 'confirm');
    const kept = await book(
      { ...details, start_date: '2026-09-01', deposit_paid_on: '2026-06-15', deposit_paid_pence: 20_000 },
      'newsletter',
    );
    await act(kept.id, 'confirm');
    await act(kept.id, 'cancel');
    // google: a deposit refunded in full, then the same enquiry booked again and confirmed, unpaid.
    const refunded = await book(
      { ...details, start_date: '2026-10-01', deposit_paid_on: '2026-06-15' },
      'google',
    );
    await act(refunded.id, 'cancel');
    const money = await call('PUT', `/api/admin/bookings/${refunded.id}/money`, {
      deposit_paid_on: '2026-06-15',
      refunded_on: '2026-06-16',
    });
    expect(money.statusCode, money.body).toBe(200);
    const again = await call('POST', `/api/admin/enquiries/${refunded.enquiry_id as number}/booking`, {
      ...details,
      start_date: '2026-10-02',
      price_pence: 90_000,
    });
    await act(again.json().booking.id as number, 'confirm');

    const report = (await call('GET', '/api/admin/enquiries/by-source?days=7')).json<{
      sources: {
        source: string;
        enquiries: number;
        confirmed: number;
        value_pence: number;
        received_pence: number;
      }[];
    }>();
    expect(
      report.sources.map(({ source, enquiries, confirmed, value_pence, received_pence }) => [
        source,
        enquiries,
        confirmed,
        value_pence,
        received_pence,
      ]),
    ).toEqual([
      // Quoted: the confirmed booking's price; received: it paid in full, plus the kept deposit.
      ['newsletter', 2, 1, 185_000, 185_000 + 20_000],
      // The refunded deposit is not money received; one enquiry, though booked twice.
      ['Google', 1, 1, 90_000, 0],
    ]);
    const csv = (await call('GET', '/api/admin/enquiries/by-source/export?days=7')).body.split('\r\n');
    expect(csv[0]).toMatch(/,confirmed_bookings,confirmed_value_gbp,received_gbp$/);
    expect(csv.slice(1, 3)).toEqual([
      'newsletter,,2,,1,50,1,1850.00,2050.00',
      'Google,,1,,1,100,1,900.00,0.00',
    ]);
    const summary = (await call('GET', '/api/admin/analytics/summary/export?days=7')).body.split('\r\n');
    expect(summary).toContain('All sources,,3,,2,67,2,2750.00,2050.00');
  });
});
