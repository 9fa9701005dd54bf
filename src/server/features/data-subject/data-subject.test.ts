import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { DATA_SUBJECT_ERASED } from './service.ts';

const SUBJECT = {
  name: 'Pat Quinlan-Marsh',
  organisation: 'Marsh Paintball Club',
  message: 'Could the range come to our open day on the 14th?',
};
const OTHER = {
  name: 'Robin Other',
  email: 'robin@example.org',
  organisation: 'Other Events',
  message: 'Do you travel to Cornwall?',
};

const submit = (ctx: TestContext, email: string, fields: Omit<typeof OTHER, 'email'> = SUBJECT) =>
  ctx.request({
    method: 'POST',
    url: '/api/enquiries',
    payload: { ...fields, email, recaptchaToken: 'unused-with-captcha-off' },
  });

/** Every row, in any table, whose values mention one of `needles` (letter case ignored). */
async function rowsMentioning(db: Db, needles: string[]): Promise<{ table: string; row: unknown }[]> {
  const found: { table: string; row: unknown }[] = [];
  for (const table of await db.introspection.getTables()) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)}`.execute(db);
    for (const row of rows) {
      const text = JSON.stringify(row).toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase())))
        found.push({ table: table.name, row });
    }
  }
  return found;
}

describeEachDatabase(
  'data-subject requests',
  (ctx) => {
    const call = (method: 'GET' | 'DELETE', email: string, token?: string) =>
      ctx().request({
        method,
        url: `/api/admin/data-subject?email=${encodeURIComponent(email)}`,
        ...(token ? { token } : {}),
      });

    /** Three enquiries from the subject (in two spellings of the address) and one from someone else. */
    async function enquiriesFromTheSubject() {
      for (const email of ['Pat.Marsh@Example.co.uk', 'pat.marsh@example.co.uk', 'PAT.MARSH@EXAMPLE.CO.UK'])
        expect((await submit(ctx(), email)).statusCode).toBe(200);
      expect((await submit(ctx(), OTHER.email, OTHER)).statusCode).toBe(200);
      // The acknowledgement e-mails (and the per-mailbox counter they leave) are sent after the answer.
      await ctx().services.enquiries.settled();
    }

    it('lists every enquiry of the address, whatever its letter case, and nobody else’s', async () => {
      await enquiriesFromTheSubject();
      const owner = await ctx().loginAs({ role: 'superadmin' });

      const response = await call('GET', 'pat.MARSH@example.co.uk', owner.token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        enquiries: { email: string; message: string }[];
        acknowledgements_counted: number;
      }>();
      expect(body.enquiries.map((e) => e.email).sort()).toEqual([
        'PAT.MARSH@EXAMPLE.CO.UK',
        'Pat.Marsh@Example.co.uk',
        'pat.marsh@example.co.uk',
      ]);
      expect(body.enquiries[0]).toMatchObject({ name: SUBJECT.name, message: SUBJECT.message });
      expect(body.acknowledgements_counted).toBeGreaterThan(0);
      expect(response.headers['cache-control']).toContain('no-store');
    });

    /** A confirmed booking made from the subject's first enquiry, at their farm. */
    async function bookingOfTheSubject(token: string) {
      const [first] = await ctx().db.selectFrom('enquiries').select('id').orderBy('id').execute();
      const made = await ctx().request({
        method: 'POST',
        url: `/api/admin/enquiries/${first!.id}/booking`,
        token,
        payload: { start_date: '2026-08-14', location: 'Marsh Farm, Lower Lane', price_pence: 120_000 },
      });
      const { id } = made.json<{ booking: { id: number } }>().booking;
      await ctx().request({ method: 'POST', url: `/api/admin/bookings/${id}/confirm`, token });
      return id;
    }

    it('erases them so that nothing of that person remains, and leaves everyone else’s', async () => {
      await enquiriesFromTheSubject();
      const owner = await ctx().loginAs({ role: 'superadmin' });
      const booking = await bookingOfTheSubject(owner.token);
      const needles = ['pat.marsh@example.co.uk', SUBJECT.name, SUBJECT.message, 'Marsh Farm'];
      expect(await rowsMentioning(ctx().db, needles)).not.toEqual([]);
      const listed = await call('GET', 'pat.marsh@example.co.uk', owner.token);
      const subjectIds = listed
        .json<{ enquiries: { id: number }[] }>()
        .enquiries.map((e) => e.id)
        .sort((a, b) => a - b);

      const erased = await call('DELETE', 'Pat.Marsh@example.co.uk', owner.token);
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json()).toEqual({
        success: true,
        deleted: { enquiries: 3, bookings: 1, acknowledgements_counted: expect.any(Number) },
      });

      expect(await rowsMentioning(ctx().db, needles)).toEqual([]);
      // The booking's amount and day stay for the accounts; nobody is left to hold the day for.
      expect(
        await ctx()
          .db.selectFrom('bookings')
          .select(['id', 'state', 'customer_name', 'price_pence'])
          .execute(),
      ).toEqual([{ id: booking, state: 'cancelled', customer_name: 'Name removed', price_pence: 120_000 }]);
      expect(await ctx().db.selectFrom('calendar_days').selectAll().execute()).toEqual([]);
      const after = await call('GET', 'pat.marsh@example.co.uk', owner.token);
      expect(after.json()).toMatchObject({ enquiries: [], acknowledgements_counted: 0 });
      const others = await ctx().db.selectFrom('enquiries').select('email').execute();
      expect(others).toEqual([{ email: OTHER.email }]);

      // Audit-logged: who and which enquiries, never the address that was erased.
      const entries = await ctx()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', DATA_SUBJECT_ERASED)
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ admin_id: owner.id, actor: owner.email });
      expect(JSON.parse(entries[0]!.detail!)).toMatchObject({
        enquiry_ids: subjectIds,
        booking_ids: [booking],
      });
    });

    it('is for superadmins only: an admin gets 403 and erases nothing, no token gets 401', async () => {
      await enquiriesFromTheSubject();
      const staff = await ctx().loginAs({ role: 'admin' });
      for (const method of ['GET', 'DELETE'] as const) {
        const refused = await call(method, 'pat.marsh@example.co.uk', staff.token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
        expect((await call(method, 'pat.marsh@example.co.uk')).statusCode).toBe(401);
      }
      expect(await ctx().db.selectFrom('enquiries').select('id').execute()).toHaveLength(4);
    });

    it('answers 400 naming the field for a missing or malformed address', async () => {
      const owner = await ctx().loginAs({ role: 'superadmin' });
      for (const url of ['/api/admin/data-subject', '/api/admin/data-subject?email=not-an-address']) {
        for (const method of ['GET', 'DELETE'] as const) {
          const response = await ctx().request({ method, url, token: owner.token });
          expect(response.statusCode).toBe(400);
          expect(response.json<{ detail: string }>().detail).toMatch(/\bemail: /);
        }
      }
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1000', NOTIFY_EMAIL: 'bookings@range.test' } },
);
