// The customer's phone number (issue 36, item 4) on both databases: the form's number is kept as E.164
// and shown back, a bad one is a 400 naming the field that stores nothing, and the number reaches the
// owner's notice, the CSV (formula-safe), the booking (the owner may change it), the data-subject
// export, and goes with an erasure.
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { outboxMails } from '../../testing/outbox.ts';

const OWNER = 'owner@range.test';
const valid = {
  name: 'Priya Shah',
  email: 'priya@example.com',
  organisation: 'Northfield Summer Festival',
  message: 'Two days in August.',
  recaptchaToken: 'unused-with-captcha-off',
};

const submit = (ctx: TestContext, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/enquiries', payload: { ...valid, ...payload } });

const storedPhones = async (ctx: TestContext) =>
  (await ctx.db.selectFrom('enquiries').select('phone').orderBy('id').execute()).map((row) => row.phone);

describeEachDatabase(
  'customer phone',
  (ctx) => {
    const admin = async () => (await ctx().loginAs()).token;

    it('keeps the number as E.164 and shows it to the admin; none given is null', async () => {
      expect((await submit(ctx(), { phone: ' 07700 900123 ' })).statusCode).toBe(200);
      expect((await submit(ctx(), { phone: '+44 (0)20 7946 0958', email: 'b@example.com' })).statusCode).toBe(
        200,
      );
      expect((await submit(ctx(), { phone: '', email: 'c@example.com' })).statusCode).toBe(200);
      expect((await submit(ctx(), { email: 'd@example.com' })).statusCode).toBe(200);
      expect(await storedPhones(ctx())).toEqual(['+447700900123', '+442079460958', null, null]);
      const listed = await ctx().request({ method: 'GET', url: '/api/enquiries', token: await admin() });
      expect(listed.statusCode, listed.body).toBe(200);
      const phones = (listed.json().enquiries as { phone: string | null }[]).map((e) => e.phone);
      expect(phones.sort()).toEqual(['+442079460958', '+447700900123', null, null]);
    });

    it.each([
      ['07700 CALL ME', 'phone: must be a phone number such as 07700 900123 or +44 7700 900123'],
      ['0770 090', 'phone: has too few digits for a phone number'],
      ['7700 900123', 'phone: must start with 0 (a UK number) or with + and the country code'],
      [
        '07700 900123\r\nBcc: someone@example.com',
        'phone: must not contain control characters or line breaks',
      ],
      ['=1+2', 'phone: must be a phone number such as 07700 900123 or +44 7700 900123'],
    ])('refuses %j with a 400 naming the field, and stores nothing', async (phone, detail) => {
      const response = await submit(ctx(), { phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail, code: expect.any(String) });
      expect(await storedPhones(ctx())).toEqual([]);
    });

    it('puts the number in the owner’s notice as a tap-to-call link', async () => {
      await ctx().services.site.update(
        { email: OWNER, phone: '01632 960123', trading_name: 'Range Test Ltd' },
        null,
      );
      const before = outboxMails(ctx().config.outboxDir).length;
      expect((await submit(ctx(), { phone: '07700 900123' })).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
      const notice = outboxMails(ctx().config.outboxDir)
        .slice(before)
        .find((mail) => mail.includes(`To: ${OWNER}`));
      expect(notice).toBeDefined();
      expect(notice).toContain('Phone: 07700 900123');
      expect(notice).toContain('<a href="tel:+447700900123">07700 900123</a>');
    });

    it('exports the number as the owner reads it, an international one defused', async () => {
      await submit(ctx(), { phone: '07700 900123' });
      await submit(ctx(), { phone: '+33 1 23 45 67 89', email: 'b@example.com' });
      const csv = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/export',
        token: await admin(),
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const [head, ...lines] = csv.body.trim().split('\r\n');
      expect(head!.split(',').at(-1)).toBe('phone');
      expect(lines.map((line) => line.split(',').at(-1)).sort()).toEqual([
        "'+33 123 456 789",
        '07700 900123',
      ]);
    });

    it('takes the enquiry’s number to the booking; the owner may change it, or keep it by leaving it out', async () => {
      const token = await admin();
      await submit(ctx(), { phone: '07700 900123' });
      const [enquiry] = await ctx().db.selectFrom('enquiries').select('id').execute();
      const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
        ctx().request({ method, url, token, payload });
      const made = await call('POST', `/api/admin/enquiries/${enquiry!.id}/booking`, BOOKING_DETAILS);
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().booking.id as number;
      expect(made.json().booking.customer_phone).toBe('+447700900123');

      const kept = await call('PUT', `/api/admin/bookings/${id}`, { ...BOOKING_DETAILS, notes: 'Gate B' });
      expect(kept.json().booking).toMatchObject({ notes: 'Gate B', customer_phone: '+447700900123' });
      const changed = await call('PUT', `/api/admin/bookings/${id}`, {
        ...BOOKING_DETAILS,
        customer_phone: '020 7946 0958',
      });
      expect(changed.json().booking.customer_phone).toBe('+442079460958');

      const refused = await call('PUT', `/api/admin/bookings/${id}`, {
        ...BOOKING_DETAILS,
        notes: 'Not saved',
        customer_phone: '02079460958\n',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(
        'customer_phone: must not contain control characters or line breaks',
      );
      const stored = await ctx().db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ customer_phone: '+442079460958', notes: '' });

      const removed = await call('PUT', `/api/admin/bookings/${id}`, {
        ...BOOKING_DETAILS,
        customer_phone: '',
      });
      expect(removed.json().booking.customer_phone).toBeNull();
    });

    it('lists the number in a data-subject export and erases it with the person', async () => {
      const token = await admin();
      await submit(ctx(), { phone: '07700 900123' });
      const [enquiry] = await ctx().db.selectFrom('enquiries').select('id').execute();
      const made = await ctx().request({
        method: 'POST',
        url: `/api/admin/enquiries/${enquiry!.id}/booking`,
        token,
        payload: BOOKING_DETAILS,
      });
      expect(made.statusCode, made.body).toBe(200);
      await ctx().services.enquiries.settled();
      const url = `/api/admin/data-subject?email=${encodeURIComponent(valid.email)}`;
      const found = await ctx().request({ method: 'GET', url, token });
      expect(found.json()).toMatchObject({
        enquiries: [{ phone: '+447700900123' }],
        bookings: [{ customer_phone: '+447700900123' }],
      });
      expect((await ctx().request({ method: 'DELETE', url, token })).statusCode).toBe(200);
      expect(await storedPhones(ctx())).toEqual([]);
      const booking = await ctx()
        .db.selectFrom('bookings')
        .select('customer_phone')
        .executeTakeFirstOrThrow();
      expect(booking.customer_phone).toBeNull();
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1000' } },
);
