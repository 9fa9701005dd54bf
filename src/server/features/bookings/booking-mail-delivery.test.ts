// Issue 28 item 1 for bookings: a customer's mail written to the outbox because no mail server is set
// is listed as saved — not delivered — never as sent, and is not tried again; through a mail server
// (here the one saved in Settings › Mail) the same mail is listed as sent. On both databases.
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import { outboxMails } from '../../testing/outbox.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const CUSTOMER = 'priya@example.com';

describeEachDatabase(
  'booking mail with and without a mail server',
  (ctx) => {
    let token = '';
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
    const settled = () => ctx().services.bookings.settled();
    const toCustomer = (mail: string) => mail.split(/\r?\n/).includes(`To: ${CUSTOMER}`);
    const savedForCustomer = () => outboxMails(ctx().config.outboxDir).filter(toCustomer);

    async function setUp(context: TestContext) {
      token = (await context.loginAs()).token;
      await context.services.site.update(
        { email: 'owner@range.test', phone: '01632 960123', trading_name: 'Range Test Ltd' },
        null,
      );
    }

    async function confirmed() {
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
        name: 'Priya Shah',
        email: CUSTOMER,
      });
      const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, BOOKING_DETAILS);
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().booking.id as number;
      const answer = await call('POST', `/api/admin/bookings/${id}/confirm`);
      expect(answer.statusCode, answer.body).toBe(200);
      await settled();
      return id;
    }

    const mailsOf = async (id: number) => {
      const answer = await call('GET', `/api/admin/bookings/${id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().booking.mails as { kind: string; state: string }[];
    };

    it('with no mail server, the confirmation is saved as a file, reported not delivered, and not tried again', async () => {
      await setUp(ctx());
      const earlier = savedForCustomer().length;
      const id = await confirmed();
      expect(await mailsOf(id)).toEqual([
        {
          kind: 'confirmation',
          sequence: 1,
          state: 'saved',
          at: '2026-06-15T12:00:00.000Z',
          error: null,
          retry_at: null,
        },
      ]);
      const saved = savedForCustomer().slice(earlier);
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatch(/^Subject: Your booking with Range Test Ltd is confirmed/m);

      // A change is saved the same way, beside the confirmation (which stays, as a sent one would).
      expect(
        (await call('PUT', `/api/admin/bookings/${id}`, { ...BOOKING_DETAILS, people: 450 })).statusCode,
      ).toBe(200);
      await settled();

      // Not a failure: the job neither retries them nor counts them as sent, however long after.
      for (const later of [0, 60_000, 24 * 60 * 60_000]) {
        ctx().clock.advance(later);
        expect(await ctx().services.bookings.sendMail()).toEqual({ sent: 0, saved: 0, failed: 0 });
      }
      expect(savedForCustomer()).toHaveLength(earlier + 2);

      // The seven-day reminder the job makes is counted as saved, not sent.
      ctx().clock.set(Date.UTC(2026, 7, 7, 8, 0, 0));
      expect(await ctx().services.bookings.sendMail()).toEqual({ sent: 0, saved: 1, failed: 0 });
      await setUp(ctx()); // weeks later: a new session
      expect((await mailsOf(id)).map((mail) => `${mail.kind} ${mail.state}`)).toEqual([
        'confirmation saved',
        'update saved',
        'reminder-7 saved',
      ]);
      expect(savedForCustomer()).toHaveLength(earlier + 3);
    });

    it('through the mail server set in Settings › Mail, the confirmation is reported sent', async () => {
      await setUp(ctx());
      const server = await call('PUT', '/api/admin/mail/settings', {
        host: '127.0.0.1',
        port: Number(new URL(smtp.url).port),
        security: 'none',
        username: '',
        from_address: 'office@range.test',
      });
      expect(server.statusCode, server.body).toBe(200);
      const before = smtp.received.length;
      const earlier = savedForCustomer().length;
      const id = await confirmed();
      expect(await mailsOf(id)).toEqual([
        {
          kind: 'confirmation',
          sequence: 1,
          state: 'sent',
          at: '2026-06-15T12:00:00.000Z',
          error: null,
          retry_at: null,
        },
      ]);
      const sent = smtp.received.slice(before).filter((mail) => mail.to.includes(CUSTOMER));
      expect(sent).toHaveLength(1);
      expect(savedForCustomer()).toHaveLength(earlier);
      // The invitation's organiser is the sender it came from (decision 0471), and the owner's own
      // feed names the booking by the same UID, so a calendar holding both shows one event.
      const unfolded = sent[0]!.raw.replace(/\r?\n[ \t]/g, '');
      expect(unfolded).toMatch(/^ORGANIZER;CN=[^:\r\n]*:mailto:office@range\.test\r?$/m);
      const uid = /^UID:(.+?)\r?$/m.exec(unfolded)?.[1];
      expect(uid).toBe(`booking-${id}@range.test`);
      const feedUrl = (await call('GET', '/api/admin/bookings/calendar-feed')).json().url as string;
      const feed = await ctx().request({ method: 'GET', url: new URL(feedUrl).pathname });
      expect(feed.body).toContain(`UID:${uid}`);
    });
  },
  // As installed: no SMTP_URL, so mail goes to the outbox until Settings › Mail names a server.
  { env: { CAPTCHA_PROVIDER: 'off', MAIL_EXTRA_PORTS: new URL(smtp.url).port } },
);
