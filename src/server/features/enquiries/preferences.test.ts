// The visitor's preferred date, type of event and number of people (docs/decisions/0454): stored and
// shown to the admin; a day gone is refused with nothing stored; a day already booked is still taken,
// flagged for the owner.
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { storeEnquiries } from '../../testing/enquiries.ts';
import { businessNotification, DATE_TAKEN_NOTE } from './mail.ts';
import type { EnquiryRow } from './repository.ts';

// The harness clock starts at 2026-06-15 12:00 UTC (13:00 in London).
const valid = {
  name: 'Sam Smith',
  email: 'sam@example.com',
  organisation: 'Acme Events',
  message: 'A day of airsoft for the team.',
  recaptchaToken: 'unused-with-captcha-off',
};

const submit = (ctx: TestContext, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/enquiries', payload });

const stored = (ctx: TestContext) =>
  ctx.db
    .selectFrom('enquiries')
    .select(['name', 'preferred_date', 'event_type', 'people', 'date_taken'])
    .orderBy('id')
    .execute();

async function adminList(ctx: TestContext) {
  const { token } = await ctx.loginAs();
  const response = await ctx.request({ method: 'GET', url: '/api/enquiries', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ enquiries: Record<string, unknown>[] }>().enquiries;
}

/** A confirmed booking of `day`, written straight to the tables as confirming it would. */
async function confirmedBooking(ctx: TestContext, day: string) {
  const now = ctx.clock.now();
  const { id } = await ctx.db
    .insertInto('bookings')
    .values({
      enquiry_id: null,
      state: 'confirmed',
      customer_name: 'Tom Jones',
      customer_email: 'tom@example.com',
      start_date: day,
      end_date: day,
      start_time: null,
      end_time: null,
      location: '',
      postcode: '',
      people: null,
      price_pence: null,
      deposit_pence: null,
      deposit_paid_on: null,
      notes: '',
      hold_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('calendar_days').values({ day, booking_id: id }).execute();
}

describeEachDatabase(
  'enquiry preferences',
  (ctx) => {
    it('stores the preferred date, type of event and people, and the admin sees them', async () => {
      const full = { ...valid, preferred_date: '2026-08-14', event_type: 'corporate', people: 40 };
      expect((await submit(ctx(), full)).statusCode).toBe(200);
      // Left out, null or empty: not given.
      const empty = { ...valid, name: 'Ann Lee', preferred_date: '', event_type: '', people: '' };
      expect((await submit(ctx(), empty)).statusCode).toBe(200);
      const none = { ...valid, name: 'Bo Ray', preferred_date: null, event_type: null, people: null };
      expect((await submit(ctx(), none)).statusCode).toBe(200);
      expect((await submit(ctx(), { ...valid, name: 'Cy Doe' })).statusCode).toBe(200);
      await ctx().services.enquiries.settled();

      const notGiven = { preferred_date: null, event_type: null, people: null, date_taken: null };
      expect(await stored(ctx())).toEqual([
        {
          name: 'Sam Smith',
          preferred_date: '2026-08-14',
          event_type: 'corporate',
          people: 40,
          date_taken: 0,
        },
        { name: 'Ann Lee', ...notGiven },
        { name: 'Bo Ray', ...notGiven },
        { name: 'Cy Doe', ...notGiven },
      ]);
      const byName = Object.fromEntries((await adminList(ctx())).map((e) => [e.name, e]));
      expect(byName['Sam Smith']).toMatchObject({
        preferred_date: '2026-08-14',
        event_type: 'corporate',
        people: 40,
        date_taken: false,
      });
      expect(byName['Cy Doe']).toMatchObject({ ...notGiven, date_taken: false });
    });

    it('refuses a day gone (in London), too far ahead, or a bad value, and stores nothing', async () => {
      // 23:30 UTC on 15 June is already 16 June in London.
      ctx().clock.set(Date.UTC(2026, 5, 15, 23, 30));
      const cases: [object, string][] = [
        [{ preferred_date: '2026-06-15' }, 'preferred_date: must be today or later'],
        [{ preferred_date: '2020-01-01' }, 'preferred_date: must be today or later'],
        // Three years of 366 days from 16 June 2026 is 18 June 2029.
        [{ preferred_date: '2029-06-19' }, 'preferred_date: must be at most 1098 days ahead'],
        [{ preferred_date: '2026-02-30' }, 'preferred_date: must be a date in the form YYYY-MM-DD'],
        [{ preferred_date: '16/06/2026' }, 'preferred_date: must be a date in the form YYYY-MM-DD'],
        [{ event_type: 'wedding' }, 'event_type: must be one of festival, corporate, private, other'],
        [{ people: 0 }, 'people: must be at least 1'],
        [{ people: 5001 }, 'people: must be at most 5000'],
        [{ people: 2.5 }, 'people: must be a whole number of people'],
        [{ people: '12' }, 'people: must be a whole number of people'],
      ];
      for (const [fields, detail] of cases) {
        const response = await submit(ctx(), { ...valid, ...fields });
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
      }
      expect(await stored(ctx())).toEqual([]);
      // Today in London and the last day ahead are taken.
      for (const preferred_date of ['2026-06-16', '2029-06-18'])
        expect((await submit(ctx(), { ...valid, preferred_date })).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
    });

    it('takes an enquiry for a day already booked, flagged for the owner', async () => {
      await confirmedBooking(ctx(), '2026-08-15');
      const response = await submit(ctx(), { ...valid, preferred_date: '2026-08-15', people: 12 });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        (await submit(ctx(), { ...valid, name: 'Ann Lee', preferred_date: '2026-08-16' })).statusCode,
      ).toBe(200);
      await ctx().services.enquiries.settled();
      expect((await stored(ctx())).map((row) => [row.name, row.date_taken])).toEqual([
        ['Sam Smith', 1],
        ['Ann Lee', 0],
      ]);
      const list = await adminList(ctx());
      expect(list.find((e) => e.name === 'Sam Smith')).toMatchObject({
        preferred_date: '2026-08-15',
        people: 12,
        date_taken: true,
      });
    });

    it('exports them as CSV columns, said only where given', async () => {
      const now = ctx().clock.now();
      await storeEnquiries(ctx().db, now, [
        {
          name: 'Sam Smith',
          preferred_date: '2026-08-15',
          event_type: 'festival',
          people: 40,
          date_taken: 1,
        },
        { name: 'Ann Lee', created_at: now - 1, preferred_date: '2026-08-16', date_taken: 0 },
        { name: 'Bo Ray', created_at: now - 2 },
      ]);
      const { token } = await ctx().loginAs();
      const csv = await ctx().request({ method: 'GET', url: '/api/admin/enquiries/export', token });
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toMatch(/,preferred_date,event_type,people,date_taken,phone$/);
      expect(lines.slice(1).map((line) => line.split(',').slice(-5, -1).join(','))).toEqual([
        '2026-08-15,festival,40,yes',
        '2026-08-16,,,no',
        ',,,',
      ]);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1000' } },
);

describe("the owner's notification", () => {
  const row = (fields: Partial<EnquiryRow>) =>
    ({
      ...valid,
      id: 1,
      created_at: Date.UTC(2026, 5, 15, 12),
      preferred_date: null,
      event_type: null,
      people: null,
      date_taken: null,
      ...fields,
    }) as EnquiryRow;
  const business = { tradingName: 'Range Ltd', phone: null, replyTo: null, publicUrl: 'https://range.test' };

  it('lists the date, type and people the visitor gave, and says when the date was already booked', () => {
    const mail = businessNotification(
      row({ preferred_date: '2026-08-15', event_type: 'private', people: 12, date_taken: 1 }),
      'owner@range.test',
      business,
    );
    expect(mail.text).toContain(
      'Organisation: Acme Events\nPreferred date: Saturday 15 August 2026\nType of event: Private party\n' +
        `Expected number of people: 12\n${DATE_TAKEN_NOTE}\n`,
    );
    expect(mail.html).toContain(
      '<tr><th align="left">Preferred date</th><td>Saturday 15 August 2026</td></tr>',
    );
    expect(mail.html).toContain(`<p><strong>${DATE_TAKEN_NOTE}</strong></p>`);
  });

  it('leaves out what was not given, and says nothing of a free date', () => {
    const bare = businessNotification(row({}), 'owner@range.test', business);
    expect(bare.text).not.toMatch(/Preferred date|Type of event|number of people|already booked/);
    const free = businessNotification(
      row({ preferred_date: '2026-08-15', date_taken: 0 }),
      'o@r.test',
      business,
    );
    expect(free.text).toContain('Preferred date: Saturday 15 August 2026');
    expect(free.text).not.toContain(DATE_TAKEN_NOTE);
  });

  it('writes control characters in its subject as spaces, C1 (U+0080–U+009F) as C0', () => {
    const mail = businessNotification(
      row({ name: 'Sam\r\nBcc: x', organisation: 'Acme\u0085Events\u009b' }),
      'owner@range.test',
      business,
    );
    expect(mail.subject).toBe('New enquiry: Sam Bcc: x (Acme Events)');
  });
});
