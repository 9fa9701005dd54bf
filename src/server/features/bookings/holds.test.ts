// Holds lapse before the day they hold (docs/decisions/0467), through the API on both databases: a
// hold for a booking three days away lapses at 00:00 London two days before it and the expiry job
// cancels it then, not before; moving a hold's dates moves its lapse, never past HOLD_DAYS from when
// it was made.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

// The harness's clock starts at Monday 2026-06-15 12:00 UTC (13:00 in London).
describeEachDatabase('holds lapsing before their day', (ctx) => {
  let token = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
  const signIn = async () => void (token = (await ctx().loginAs()).token);

  async function hold(name: string, payload: object) {
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name });
    const response = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, {
      ...BOOKING_DETAILS,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().booking as { id: number; enquiry_id: number; hold_expires_at: string };
  }

  const booking = async (id: number) =>
    (await call('GET', `/api/admin/bookings/${id}`)).json().booking as {
      state: string;
      hold_expires_at: string | null;
    };

  const enquiryStatus = async (id: number) =>
    (await ctx().db.selectFrom('enquiries').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('lets a hold for Thursday lapse at the start of Tuesday, and the job cancels it then', async () => {
    await signIn();
    const soon = await hold('Priya Shah', { start_date: '2026-06-18' });
    const later = await hold('Ann Lee', { start_date: '2026-08-14' });
    // Tuesday 00:00 BST, two days before the first day — not 14 days on, after the event.
    expect(soon.hold_expires_at).toBe('2026-06-15T23:00:00.000Z');
    expect(later.hold_expires_at).toBe('2026-06-29T12:00:00.000Z');

    ctx().clock.set(Date.parse('2026-06-15T22:59:59.999Z'));
    expect(await ctx().services.bookings.expireHolds()).toBe(0);
    ctx().clock.set(Date.parse('2026-06-15T23:00:00.000Z'));
    expect(await ctx().services.bookings.expireHolds()).toBe(1);

    await signIn(); // hours later: a new session
    expect(await booking(soon.id)).toMatchObject({ state: 'cancelled', hold_expires_at: null });
    expect(await enquiryStatus(soon.enquiry_id)).toBe('closed');
    expect(await booking(later.id)).toMatchObject({
      state: 'provisional',
      hold_expires_at: '2026-06-29T12:00:00.000Z',
    });
  });

  it('holds a booking for tomorrow to the end of today', async () => {
    await signIn();
    const tomorrow = await hold('Tom Jones', { start_date: '2026-06-16' });
    expect(tomorrow.hold_expires_at).toBe('2026-06-15T23:00:00.000Z');
    expect(await ctx().services.bookings.expireHolds()).toBe(0);
  });

  it('moves the lapse with the dates, counting its age from when the hold was made', async () => {
    await signIn();
    const made = await hold('Priya Shah', { start_date: '2026-08-14' });
    ctx().clock.set(Date.parse('2026-06-20T09:00:00Z'));
    await signIn();
    const move = async (start_date: string) => {
      const response = await call('PUT', `/api/admin/bookings/${made.id}`, {
        ...BOOKING_DETAILS,
        start_date,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().booking.hold_expires_at as string;
    };
    // Brought forward to Thursday the 25th: lapses at the start of Tuesday the 23rd.
    expect(await move('2026-06-25')).toBe('2026-06-22T23:00:00.000Z');
    // Pushed far out again: back to 14 days from when it was made, never 14 days from the change.
    expect(await move('2026-09-04')).toBe('2026-06-29T12:00:00.000Z');
    // Brought to tomorrow: its lead day has gone, so it holds to the end of today, not lapsing at once.
    expect(await move('2026-06-21')).toBe('2026-06-20T23:00:00.000Z');
    expect(await ctx().services.bookings.expireHolds()).toBe(0);
    // Only its notes changed: the lapse stays.
    const notes = await call('PUT', `/api/admin/bookings/${made.id}`, {
      ...BOOKING_DETAILS,
      start_date: '2026-06-21',
      notes: 'Bring the spare trailer',
    });
    expect(notes.json().booking.hold_expires_at).toBe('2026-06-20T23:00:00.000Z');
  });
});
