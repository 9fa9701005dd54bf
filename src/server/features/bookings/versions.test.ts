// Concurrent edits (issue 36, item 8; docs/decisions/0476): every write raises a booking's version,
// and an edit or a money record naming the version its form was opened on is refused once someone
// else has saved since, on both databases, changing nothing; a malformed If-Match is a 400 naming it.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

describeEachDatabase('booking versions', (ctx) => {
  let token = '';
  const edit = (id: number, payload: object, ifMatch?: string) =>
    ctx().request({
      method: 'PUT',
      url: `/api/admin/bookings/${id}`,
      token,
      payload,
      ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
    });
  const read = async (id: number) =>
    (await ctx().request({ method: 'GET', url: `/api/admin/bookings/${id}`, token })).json().booking as {
      version: number;
      people: number | null;
      notes: string;
      state: string;
    };

  async function aBooking() {
    token = (await ctx().loginAs()).token;
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name: 'Priya Shah' });
    const made = await ctx().request({
      method: 'POST',
      url: `/api/admin/enquiries/${enquiry}/booking`,
      token,
      payload: BOOKING_DETAILS,
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().booking as { id: number; version: number };
  }

  it('refuses an edit made from a form opened before someone else saved, and keeps theirs', async () => {
    const booking = await aBooking();
    expect(booking.version).toBe(1);

    // Two admins open the booking at version 1; the first saves a new head count.
    const first = await edit(booking.id, { ...BOOKING_DETAILS, people: 40 }, '"1"');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booking.version).toBe(2);

    // The second, still on version 1, saves a note: refused, and the first one's count stands.
    const second = await edit(booking.id, { ...BOOKING_DETAILS, notes: 'Gate B' }, '"1"');
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      'Someone else changed this booking after you opened it, so your changes were not saved. ' +
        'Close it and open it again to see theirs, then make yours.',
    );
    expect(await read(booking.id)).toMatchObject({ version: 2, people: 40, notes: '' });

    // Opened again, at version 2, the note saves.
    expect(
      (await edit(booking.id, { ...BOOKING_DETAILS, people: 40, notes: 'Gate B' }, '"2"')).statusCode,
    ).toBe(200);
    expect(await read(booking.id)).toMatchObject({ version: 3, people: 40, notes: 'Gate B' });
  });

  it('counts every kind of change, so an edit from before a confirm is refused too', async () => {
    const booking = await aBooking();
    const confirmed = await ctx().request({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/confirm`,
      token,
    });
    expect(confirmed.json().booking).toMatchObject({ state: 'confirmed', version: 2 });
    expect((await edit(booking.id, { ...BOOKING_DETAILS, people: 12 }, '"1"')).statusCode).toBe(409);
    // Without If-Match (a script that reads and writes at once) the edit is made.
    expect((await edit(booking.id, { ...BOOKING_DETAILS, people: 12 })).statusCode).toBe(200);
    expect(await read(booking.id)).toMatchObject({ version: 3, people: 12, state: 'confirmed' });
  });

  it('refuses money recorded from figures someone else has since changed, and keeps theirs', async () => {
    const booking = await aBooking();
    const money = (payload: object, ifMatch: string) =>
      ctx().request({
        method: 'PUT',
        url: `/api/admin/bookings/${booking.id}/money`,
        token,
        payload,
        headers: { 'if-match': ifMatch },
      });
    const deposit = { deposit_paid_pence: 5_000, deposit_paid_on: '2026-01-05' };
    // Two admins open the money at version 1; one records the deposit, the other a balance.
    expect((await money(deposit, '"1"')).statusCode).toBe(200);
    const stale = await money({ balance_paid_pence: 9_000, balance_paid_on: '2026-01-06' }, '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/^Someone else changed this booking after you opened it/);
    expect(await read(booking.id)).toMatchObject({
      version: 2,
      deposit_paid_pence: 5_000,
      balance_paid_pence: null,
    });
    // An edit of the details raises the version too: money from before it is refused.
    expect((await edit(booking.id, { ...BOOKING_DETAILS, ...deposit, people: 30 }, '"2"')).statusCode).toBe(
      200,
    );
    expect((await money(deposit, '"2"')).statusCode).toBe(409);
    expect((await money(deposit, '1')).statusCode).toBe(400);
    expect(await read(booking.id)).toMatchObject({ version: 3, people: 30 });
  });

  it('refuses a malformed If-Match with a 400 naming it, changing nothing', async () => {
    const booking = await aBooking();
    for (const bad of ['1', '"0"', '"abc"', '"2147483648"', '"99999999999"', 'W/"1"', '"1"\r\nX: y', '*']) {
      const response = await edit(booking.id, { ...BOOKING_DETAILS, people: 99 }, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().detail, bad).toMatch(/^headers if-match: must be/);
    }
    expect(await read(booking.id)).toMatchObject({ version: 1, people: BOOKING_DETAILS.people ?? null });
  });
});
