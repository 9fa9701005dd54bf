// Issue 36, item 8: the audit log names the booking an entry is about — its customer and first day —
// read from the live booking when the log is shown (the log's rows hold no personal data), and the
// enquiry a booking was made from, instead of "—".
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

interface Entry {
  action: string;
  target_id: string | null;
  target_exists: boolean | null;
  target_label: string | null;
}

describeEachDatabase('audit log: bookings by name', (ctx) => {
  it('names the booking (customer and first day) on each of its entries, and its enquiry on the booking', async () => {
    const boss = await ctx().loginAs();
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
      name: 'Priya Shah',
      email: 'priya@example.com',
    });
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      ctx().request({ method, url, token: boss.token, ...(payload ? { payload } : {}) });
    const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, BOOKING_DETAILS);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().booking.id as number;
    expect(
      (await call('PUT', `/api/admin/bookings/${id}`, { ...BOOKING_DETAILS, notes: 'Gate code 1234' }))
        .statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/admin/bookings/${id}/confirm`)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/admin/bookings/${id}/money`, { deposit_paid_on: '2026-06-15' })).statusCode,
    ).toBe(200);

    const entries = (await ctx().request({ method: 'GET', url: '/api/admin/audit', token: boss.token }))
      .json<{ entries: Entry[] }>()
      .entries.filter((entry) => /bookings|booking$/.test(entry.action))
      .map(({ action, target_id, target_exists, target_label }) => [
        action,
        target_id,
        target_exists,
        target_label,
      ]);
    expect(entries).toEqual([
      ['PUT /api/admin/bookings/:id/money', String(id), true, 'Priya Shah (Fri 14 Aug 2026)'],
      ['POST /api/admin/bookings/:id/confirm', String(id), true, 'Priya Shah (Fri 14 Aug 2026)'],
      ['PUT /api/admin/bookings/:id', String(id), true, 'Priya Shah (Fri 14 Aug 2026)'],
      ['POST /api/admin/enquiries/:id/booking', String(enquiry), true, 'Priya Shah (15 Jun 2026)'],
    ]);
    const rows = await ctx().db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/Priya|Shah/);
  });
});
