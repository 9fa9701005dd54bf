// Mail written to the outbox while no mail server was set is offered once one is (issue 36, item 5;
// docs/decisions/0475), on both databases: enquiries' notices and acknowledgements (not one to a
// visitor already booked) and a booking's confirmation are counted, refused with a 409 while there is still no mail server, and then sent
// through the server saved in Settings › Mail — each exactly once, though two admins press Send at
// the same moment — and read at the other end.
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { decodeQuotedPrintable, startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());
const port = Number(new URL(smtp.url).port);

const OWNER = 'owner@range.test';
const VISITOR = 'sam@example.com';
const OTHER = 'kim@example.com';
const ENQUIRY = {
  name: 'Sam Smith',
  email: VISITOR,
  organisation: 'Acme Events',
  message: 'We would like to book the range for our festival in August.',
  recaptchaToken: 'unused-with-captcha-off',
};

describeEachDatabase(
  'mail saved while no mail server was set',
  (ctx) => {
    it('counts what waits, sends each once when asked twice at once, and never without a server', async () => {
      const { token } = await ctx().loginAs();
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
      await ctx().services.site.update({ email: OWNER, phone: '01632 960123' }, null);

      // No mail server: two enquiries' notices and acknowledgements and a booking's confirmation
      // only reach the outbox.
      for (const email of [VISITOR, OTHER]) {
        const sent = await ctx().request({
          method: 'POST',
          url: '/api/enquiries',
          payload: { ...ENQUIRY, email },
        });
        expect(sent.statusCode).toBe(200);
      }
      await ctx().services.enquiries.settled();
      expect((await call('GET', '/api/admin/saved-mail')).json()).toMatchObject({
        waiting: 4,
        notices: 2,
        acknowledgements: 2,
      });
      const enquiries = (await call('GET', '/api/enquiries')).json().enquiries as {
        id: number;
        email: string;
      }[];
      const enquiry = enquiries.find((row) => row.email === VISITOR)!.id;
      const booking = (await call('POST', `/api/admin/enquiries/${enquiry}/booking`, BOOKING_DETAILS)).json()
        .booking.id as number;
      await call('POST', `/api/admin/bookings/${booking}/confirm`);
      await ctx().services.bookings.settled();
      expect((await call('GET', `/api/admin/bookings/${booking}`)).json().booking.mails).toEqual([
        expect.objectContaining({ kind: 'confirmation', state: 'saved' }),
      ]);

      // Sam is booked: "we have your enquiry" would be late news; the confirmation says it all.
      expect((await call('GET', '/api/admin/saved-mail')).json()).toEqual({
        success: true,
        waiting: 4,
        notices: 2,
        acknowledgements: 1,
        booking_mails: 1,
        mail_server: false,
      });
      const refused = await call('POST', '/api/admin/saved-mail/send');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/^No mail server is set/);

      // The owner sets a mail server in Settings › Mail, and two admins press Send at once.
      const server = { host: '127.0.0.1', port, security: 'none', from_address: OWNER };
      expect((await call('PUT', '/api/admin/mail/settings', server)).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/saved-mail')).json()).toMatchObject({
        waiting: 4,
        mail_server: true,
      });
      const before = smtp.received.length;
      const answers = await Promise.all([
        call('POST', '/api/admin/saved-mail/send'),
        call('POST', '/api/admin/saved-mail/send'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers.reduce((sum, answer) => sum + (answer.json().sent as number), 0)).toBe(4);
      await ctx().services.bookings.settled();
      const received = smtp.received.slice(before);
      expect(received.map((mail) => mail.to[0]).sort()).toEqual([OTHER, OWNER, OWNER, VISITOR]);
      const texts = received.map((mail) =>
        Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8'),
      );
      expect(texts.filter((text) => /^Subject: Your booking with .* is confirmed/m.test(text))).toHaveLength(
        1,
      );
      expect(texts.some((text) => text.includes('Balance due by'))).toBe(true);

      // Nothing waits any more, and a third press sends nothing again.
      expect((await call('GET', '/api/admin/saved-mail')).json()).toMatchObject({ waiting: 0 });
      expect((await call('POST', '/api/admin/saved-mail/send')).json()).toEqual({
        success: true,
        sent: 0,
        failed: 0,
        waiting: 0,
      });
      expect(smtp.received.length).toBe(before + 4);
      expect((await call('GET', `/api/admin/bookings/${booking}`)).json().booking.mails).toEqual([
        expect.objectContaining({ kind: 'confirmation', state: 'sent' }),
      ]);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', MAIL_EXTRA_PORTS: String(port) } },
);
