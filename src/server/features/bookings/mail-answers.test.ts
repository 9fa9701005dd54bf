// Mail that answers the customer's questions (issue 36, item 5; docs/decisions/0475), read end to end
// through a real SMTP server on both databases: the owner's reason in the cancellation (and in the
// preview the dialog shows, made by the same function), refused when it carries control characters
// or is too long; no cancellation to a customer who never heard of the booking; the update naming
// what changed, old → new, as last told; the confirmation's balance, due date, payment details,
// reference and phone.
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const CUSTOMER = 'priya@example.com';
const details = BOOKING_DETAILS;
const PAYMENTS = {
  account_name: 'Range Test Ltd',
  sort_code: '12 34 56',
  account_number: '12345678',
  payment_link: 'https://pay.example.com/range-test',
  balance_due_days: 14,
};

const mailTo = (from: number) => smtp.received.slice(from).filter((mail) => mail.to.includes(CUSTOMER));
/** The message with its quoted-printable text decoded (as UTF-8), soft line breaks joined. */
const decoded = (mail: ReceivedMail) =>
  Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8');
/** The plain-text part: the first body, before the HTML alternative. */
const textOf = (mail: ReceivedMail) => {
  const all = decoded(mail).replace(/\r\n/g, '\n');
  // Up to the next MIME boundary: the HTML or calendar part follows.
  return all.slice(all.indexOf('Dear ')).split(/\n--/)[0]!;
};

describeEachDatabase(
  'mail that answers the customer',
  (ctx) => {
    let token = '';
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
    const settled = () => ctx().services.bookings.settled();

    async function setUp(context: TestContext) {
      token = (await context.loginAs()).token;
      await context.services.site.update(
        { email: 'owner@range.test', phone: '01632 960123', trading_name: 'Range Test Ltd' },
        null,
      );
    }

    async function hold(payload: object = details) {
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
        name: 'Priya Shah',
        email: CUSTOMER,
      });
      const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
      expect(made.statusCode, made.body).toBe(200);
      return made.json().booking.id as number;
    }

    async function confirmed(payload: object = details) {
      const id = await hold(payload);
      const answer = await call('POST', `/api/admin/bookings/${id}/confirm`);
      expect(answer.statusCode, answer.body).toBe(200);
      await settled();
      return id;
    }

    const bookingOf = async (id: number) => (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
    const preview = (id: number, reason?: string) =>
      call(
        'GET',
        `/api/admin/bookings/${id}/cancellation-preview${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`,
      );

    it('shows the cancellation with its reason first, then sends exactly that, and keeps the reason', async () => {
      await setUp(ctx());
      const id = await confirmed();
      const before = smtp.received.length;
      const reason = 'The showground is flooded and closed.\nWe are very sorry.';

      const shown = (await preview(id, reason)).json();
      expect(shown).toMatchObject({ mailed: true, not_mailed: null, to: CUSTOMER });
      expect(shown.subject).toBe('Your booking with Range Test Ltd on Friday 14 August 2026 is cancelled');
      expect(shown.text).toContain(`Reason: ${reason}`);
      expect(shown.text).toContain(
        'Any questions? Please call us on 01632 960123 or e-mail owner@range.test.',
      );

      const answer = await call('POST', `/api/admin/bookings/${id}/cancel`, { reason: `  ${reason}  ` });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().booking).toMatchObject({ state: 'cancelled', cancel_reason: reason });
      await settled();
      const sent = mailTo(before);
      expect(sent).toHaveLength(1);
      // The mail that went is the text the dialog showed, word for word.
      expect(textOf(sent[0]!).trim()).toBe(shown.text.trim());
      expect(decoded(sent[0]!)).toContain('The showground is flooded and closed.<br>We are very sorry.');
      expect((await preview(id)).statusCode).toBe(409);
    });

    it('refuses a reason with CR, NUL or over 500 characters with a 400 naming it, and changes nothing', async () => {
      await setUp(ctx());
      const id = await confirmed();
      const before = smtp.received.length;
      for (const reason of ['Flooded\r\nBcc: evil@example.com', 'Flooded\u0000', 'x'.repeat(501), 42]) {
        const answer = await call('POST', `/api/admin/bookings/${id}/cancel`, { reason });
        expect(answer.statusCode, JSON.stringify(reason)).toBe(400);
        expect(answer.json().detail).toMatch(/^reason: /);
        const shown = await preview(id, typeof reason === 'string' ? reason : 'x\u0007');
        expect(shown.statusCode).toBe(400);
        expect(shown.json().detail).toMatch(/^querystring reason: /);
      }
      expect(await bookingOf(id)).toMatchObject({ state: 'confirmed', cancel_reason: null });
      await settled();
      expect(mailTo(before)).toHaveLength(0);
      // Exactly 500 characters, and no body at all, are fine.
      expect((await preview(id, 'y'.repeat(500))).statusCode).toBe(200);
      expect((await call('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(200);
      expect(await bookingOf(id)).toMatchObject({ state: 'cancelled', cancel_reason: null });
    });

    it('mails no cancellation to a customer who never heard of the booking', async () => {
      await setUp(ctx());
      // A hold: never confirmed to them.
      const provisional = await hold();
      expect((await preview(provisional, 'Rain')).json()).toMatchObject({
        mailed: false,
        not_mailed: 'provisional',
        text: null,
      });
      // Confirmed, but its confirmation never reached them (refused by the mail server).
      smtp.rejectRecipients.add(CUSTOMER);
      let unheard: number;
      try {
        unheard = await confirmed({ ...details, start_date: '2026-08-20' });
      } finally {
        smtp.rejectRecipients.delete(CUSTOMER);
      }
      expect((await preview(unheard, 'Rain')).json()).toMatchObject({
        mailed: false,
        not_mailed: 'not_told',
      });
      const before = smtp.received.length;
      for (const id of [provisional, unheard]) {
        const answer = await call('POST', `/api/admin/bookings/${id}/cancel`, { reason: 'Rain' });
        expect(answer.json().booking.cancel_reason).toBe('Rain');
      }
      await settled();
      // Nor does the failed confirmation go later, for a booking that no longer stands.
      ctx().clock.advance(60 * 60_000);
      await ctx().services.bookings.sendMail();
      expect(mailTo(before)).toHaveLength(0);
    });

    it('says what changed in an update, old → new, as the customer was last told it', async () => {
      await setUp(ctx());
      const id = await confirmed();
      let before = smtp.received.length;
      const put = (payload: object) => call('PUT', `/api/admin/bookings/${id}`, { ...details, ...payload });
      expect((await put({ start_date: '2026-08-15', people: 450 })).statusCode).toBe(200);
      await settled();
      const update = textOf(mailTo(before)[0]!);
      expect(update).toContain('What changed:\nDate: Fri 14 Aug 2026 → Sat 15 Aug 2026\nPeople: 400 → 450');
      expect(update).toContain('Date: Saturday 15 August 2026');

      // The owner's notes are not news to the customer: no mail, no new SEQUENCE.
      before = smtp.received.length;
      expect((await put({ start_date: '2026-08-15', people: 450, notes: 'Gate B' })).statusCode).toBe(200);
      await settled();
      expect(mailTo(before)).toHaveLength(0);

      // Two changes before the mail goes: the customer reads old (as last told) → newest.
      smtp.rejectRecipients.add(CUSTOMER);
      try {
        await put({ start_date: '2026-08-16', people: 450 });
        await settled();
      } finally {
        smtp.rejectRecipients.delete(CUSTOMER);
      }
      await put({ start_date: '2026-08-17', people: 450, start_time: '11:00' });
      await settled();
      const latest = mailTo(before);
      expect(latest).toHaveLength(1);
      expect(textOf(latest[0]!)).toContain(
        'What changed:\nDate: Sat 15 Aug 2026 → Mon 17 Aug 2026\nTimes: 10:00 to 17:00 → 11:00 to 17:00',
      );
      expect((await bookingOf(id)).mails.map((mail: { kind: string }) => mail.kind)).toEqual([
        'confirmation',
        'update',
        'update',
      ]);
    });

    it('gives the balance, when it is due, how to pay with a reference, and the phone in the confirmation', async () => {
      await setUp(ctx());
      expect((await call('PUT', '/api/admin/payments', PAYMENTS)).statusCode).toBe(200);
      let before = smtp.received.length;
      const id = await confirmed();
      const text = textOf(mailTo(before)[0]!);
      expect(text).toContain(
        'Paying\nDeposit due now: £500.00\nBalance due by Friday 31 July 2026: £1,350.00\n' +
          'By bank transfer to Range Test Ltd, sort code 12-34-56, account number 12345678, ' +
          `with the reference SHAH${id}.\nOr pay online: https://pay.example.com/range-test`,
      );
      expect(text).toContain('call us on 01632 960123 or e-mail owner@range.test');

      // Sooner than the balance's days: due now. With no payment details saved: a promise of them.
      await call('PUT', '/api/admin/payments', { balance_due_days: 14 });
      before = smtp.received.length;
      await confirmed({ ...details, start_date: '2026-06-20', deposit_paid_on: '2026-06-15' });
      const soon = textOf(mailTo(before)[0]!);
      expect(soon).toContain("Paying\nBalance due now: £1,350.00\nWe'll send you payment details.");
      expect(soon).not.toContain('Deposit due now');

      // The reminder repeats the balance.
      before = smtp.received.length;
      ctx().clock.set(Date.UTC(2026, 5, 19, 8, 0, 0));
      await ctx().services.bookings.sendMail();
      expect(textOf(mailTo(before)[0]!)).toContain('Balance due now: £1,350.00');
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', SMTP_URL: smtp.url } },
);
