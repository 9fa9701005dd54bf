// Issue 15, "No lead is lost silently": the setup status behind the dashboard card, and the test
// e-mail that reports what the transport really answered — over a real SMTP peer and to the outbox.
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { MAIL_TEST_LIMIT } from '#shared/constants.ts';
import type { MailTestResult, SetupStatus } from '#shared/schemas/setup.ts';
import { turnOnTwoFactor } from '../../testing/admin-requests.ts';
import { freePort } from '../../testing/free-port.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { decodeQuotedPrintable, startSmtpTestServer } from '../../testing/smtp-test-server.ts';

// A provider-like SMTP server: mail only after signing in as sender / s3cret-Pa55.
const smtp = await startSmtpTestServer({ users: { sender: 's3cret-Pa55' } });
afterAll(async () => smtp.close());
const smtpPort = new URL(smtp.url).port;
const downPort = await freePort();

const REAL_DETAILS = {
  trading_name: 'Bullseye Mobile Range',
  phone: '01632 960123',
  email: 'bookings@bullseye.example',
  company_name: 'Bullseye Events Ltd',
  company_number: '12345678',
  registered_address: '1 Range Road, Testshire TE1 1ST',
};

const status = async (ctx: TestContext, token: string) => {
  const response = await ctx.request({ method: 'GET', url: '/api/admin/setup-status', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SetupStatus>();
};

const sendTest = (ctx: TestContext, token: string, payload: unknown = { recipient: 'me' }) =>
  ctx.request({
    method: 'POST',
    url: '/api/admin/mail/test',
    token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

describeEachDatabase(
  'setup status and test e-mail without a mail server',
  (ctx) => {
    it('a fresh install lists every problem: mail saved as files, no notification address, placeholders, 2FA off', async () => {
      const boss = await ctx().loginAs();
      expect(await status(ctx(), boss.token)).toEqual({
        ready: false,
        problems: ['mail_not_delivered', 'no_notification_address', 'placeholder_details', 'two_factor_off'],
        mail: {
          transport: 'outbox',
          source: null,
          smtp_host: null,
          outbox_folder: ctx().config.outboxDir,
          can_edit: true,
        },
        notifications: {
          address: null,
          address_source: null,
          pending: 0,
          waiting_for_address: 0,
          visitors_waiting: 0,
          failing: 0,
          last_failure: null,
        },
        business_details: {
          placeholder_fields: ['phone', 'email', 'company_name', 'company_number', 'registered_address'],
          can_edit: true,
        },
        two_factor_enabled: false,
      });
    });

    it('each fix takes its item off the list', async () => {
      const boss = await ctx().loginAs();
      // A half-filled form still leaves placeholders on the site.
      await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: { email: REAL_DETAILS.email, phone: REAL_DETAILS.phone },
      });
      const partly = await status(ctx(), boss.token);
      expect(partly.problems).toEqual(['mail_not_delivered', 'placeholder_details', 'two_factor_off']);
      expect(partly.notifications).toMatchObject({
        address: REAL_DETAILS.email,
        address_source: 'business_details',
      });
      expect(partly.business_details.placeholder_fields).toEqual([
        'company_name',
        'company_number',
        'registered_address',
      ]);

      await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: REAL_DETAILS,
      });
      expect((await status(ctx(), boss.token)).problems).toEqual(['mail_not_delivered', 'two_factor_off']);
      await turnOnTwoFactor(ctx(), boss.token);
      expect((await status(ctx(), boss.token)).problems).toEqual(['mail_not_delivered']);
    });

    it('tells an admin who may not edit the business details so, and is for signed-in admins only', async () => {
      const staff = await ctx().loginAs({ role: 'admin' });
      expect((await status(ctx(), staff.token)).business_details.can_edit).toBe(false);
      const anonymous = await ctx().request({ method: 'GET', url: '/api/admin/setup-status' });
      expect(anonymous.statusCode).toBe(401);
      expect((await sendTest(ctx(), '')).statusCode).toBe(401);
    });

    it('counts the notices waiting for an address and the visitors waiting for an acknowledgement', async () => {
      const boss = await ctx().loginAs();
      for (const email of ['a@example.com', 'b@example.com']) {
        const response = await ctx().request({
          method: 'POST',
          url: '/api/enquiries',
          payload: { name: 'Sam', email, organisation: 'Acme', message: 'Hello', recaptchaToken: 'x' },
        });
        expect(response.statusCode).toBe(200);
      }
      await ctx().services.enquiries.settled();
      expect((await status(ctx(), boss.token)).notifications).toEqual({
        address: null,
        address_source: null,
        pending: 2,
        waiting_for_address: 2,
        // Acknowledged at once, into the outbox: they need no business address.
        visitors_waiting: 0,
        failing: 0,
        last_failure: null,
      });
    });

    it('a test e-mail is saved as a file in the outbox, and the answer says it was not delivered', async () => {
      const boss = await ctx().loginAs({ email: 'owner@bullseye.example' });
      const response = await sendTest(ctx(), boss.token);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<MailTestResult>();
      expect(result).toEqual({
        outcome: 'saved',
        to: 'owner@bullseye.example',
        transport: 'outbox',
        source: null,
        smtp_host: null,
        outbox_folder: ctx().config.outboxDir,
        transport_reply: expect.stringMatching(/\.eml$/),
        failure: null,
        message:
          `Not delivered — no mail server yet. It was saved as a file in ${ctx().config.outboxDir}, and ` +
          'nobody receives it until a mail server is set up in Settings › Mail.',
      });
      const eml = decodeQuotedPrintable(fs.readFileSync(result.transport_reply!, 'utf8'));
      expect(eml).toMatch(/^To: owner@bullseye\.example$/m);
      expect(eml).toContain('This is a test e-mail from the admin area');
    });

    it('keeps a trading name with control characters on one subject line', async () => {
      const boss = await ctx().loginAs();
      // The site schema trims and limits the trading name but leaves its characters to the superadmin.
      await ctx().services.site.update({ trading_name: 'Bullseye\r\nBcc: victim@example.org' }, boss.id);
      const result = (await sendTest(ctx(), boss.token)).json<MailTestResult>();
      const eml = fs.readFileSync(result.transport_reply!, 'utf8');
      expect(eml).toMatch(/^Subject: Test e-mail from BullseyeBcc: victim@example\.org$/m);
      expect(eml).not.toMatch(/^Bcc:/m);
    });

    it('to the notification address only once there is one; never to an address from the request', async () => {
      const boss = await ctx().loginAs();
      const none = await sendTest(ctx(), boss.token, { recipient: 'notifications' });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({
        detail:
          'No address to send enquiries to yet — add the business e-mail in Settings › Business details.',
        code: 'CONFLICT',
      });
      await ctx().services.site.update({ email: REAL_DETAILS.email }, boss.id);
      const sent = await sendTest(ctx(), boss.token, { recipient: 'notifications' });
      expect(sent.json<MailTestResult>().to).toBe(REAL_DETAILS.email);

      for (const payload of [
        { recipient: 'victim@example.org' },
        // (Control bytes are removed at the edge, docs/decisions/0412: 'me\u001b' arrives as 'me'.)
        { recipient: 'me\u001bx' },
        { recipient: ['me'] },
        'me',
      ]) {
        const response = await sendTest(ctx(), boss.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      // Extra fields are refused, never read (docs/decisions/0437): nothing goes where they say.
      const extra = await sendTest(ctx(), boss.token, { recipient: 'me', to: 'victim@example.org' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json<{ detail: string }>().detail).toContain('"to" is not a field');
    });

    it(`allows ${MAIL_TEST_LIMIT.perMinute} a minute per admin, however many arrive at once, and audits each`, async () => {
      const boss = await ctx().loginAs();
      const burst = await Promise.all(Array.from({ length: 12 }, () => sendTest(ctx(), boss.token)));
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(MAIL_TEST_LIMIT.perMinute);
      expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAIL_TEST_LIMIT.perMinute);
      const limited = burst.find((r) => r.statusCode === 429)!;
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        detail: `You have sent ${MAIL_TEST_LIMIT.perMinute} test e-mails in the last minute. Please wait a minute and try again.`,
        code: 'RATE_LIMITED',
      });
      expect(fs.readdirSync(ctx().config.outboxDir).length).toBeGreaterThanOrEqual(MAIL_TEST_LIMIT.perMinute);

      // Another admin has their own allowance; a minute later this one has theirs back.
      const other = await ctx().loginAs();
      expect((await sendTest(ctx(), other.token)).statusCode).toBe(200);
      ctx().clock.advance(60_000);
      expect((await sendTest(ctx(), boss.token)).statusCode).toBe(200);

      const audited = await ctx()
        .db.selectFrom('audit_log')
        .select(['admin_id', 'action'])
        .where('action', '=', 'POST /api/admin/mail/test')
        .execute();
      expect(audited.filter((entry) => entry.admin_id === boss.id)).toHaveLength(
        MAIL_TEST_LIMIT.perMinute + 1,
      );
      expect(audited.filter((entry) => entry.admin_id === other.id)).toHaveLength(1);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off' } },
);

describeEachDatabase(
  'setup status and test e-mail over SMTP',
  (ctx) => {
    it('names the SMTP host and never the login; clears once everything is fixed', async () => {
      const boss = await ctx().loginAs();
      const response = await ctx().request({
        method: 'GET',
        url: '/api/admin/setup-status',
        token: boss.token,
      });
      expect(response.body).not.toContain('s3cret');
      expect(response.body).not.toContain('sender');
      expect(response.json<SetupStatus>().mail).toEqual({
        transport: 'smtp',
        source: 'server',
        smtp_host: '127.0.0.1',
        outbox_folder: null,
        // SMTP_URL decides: nobody can change it in Settings.
        can_edit: false,
      });
      expect(response.json<SetupStatus>().problems).toEqual([
        'no_notification_address',
        'placeholder_details',
        'two_factor_off',
      ]);
      await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: REAL_DETAILS,
      });
      await turnOnTwoFactor(ctx(), boss.token);
      const fixed = await status(ctx(), boss.token);
      expect(fixed).toMatchObject({ ready: true, problems: [] });
    });

    it('a test e-mail reaches the SMTP server and the answer names it and its reply', async () => {
      const boss = await ctx().loginAs({ email: 'owner@bullseye.example' });
      const arriving = smtp.waitForMail();
      const response = await sendTest(ctx(), boss.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        outcome: 'sent',
        to: 'owner@bullseye.example',
        transport: 'smtp',
        source: 'server',
        smtp_host: '127.0.0.1',
        outbox_folder: null,
        transport_reply: expect.stringMatching(/^250 /),
        failure: null,
        message:
          'Sent to owner@bullseye.example via 127.0.0.1. If it has not arrived in a few minutes, look in ' +
          'the spam or junk folder.',
      });
      const mail = await arriving;
      expect(mail.to).toEqual(['owner@bullseye.example']);
      expect(decodeQuotedPrintable(mail.raw)).toMatch(/^Subject: Test e-mail from /m);
    });

    it('a mail server failure counts as a problem, explained in plain words', async () => {
      const boss = await ctx().loginAs();
      await ctx().services.site.update({ email: REAL_DETAILS.email }, boss.id);
      smtp.rejectRecipients.add(REAL_DETAILS.email);
      try {
        await ctx().request({
          method: 'POST',
          url: '/api/enquiries',
          payload: {
            name: 'Sam',
            email: 'sam@example.com',
            organisation: 'A',
            message: 'Hi',
            recaptchaToken: 'x',
          },
        });
        await ctx().services.enquiries.settled();
      } finally {
        smtp.rejectRecipients.delete(REAL_DETAILS.email);
      }
      const result = await status(ctx(), boss.token);
      expect(result.problems).toContain('mail_failing');
      expect(result.notifications).toMatchObject({ pending: 1, failing: 1, visitors_waiting: 1 });
      expect(result.notifications.last_failure).toMatch(/^The mail server would not accept mail/);
    });
  },
  {
    env: {
      CAPTCHA_PROVIDER: 'off',
      SMTP_URL: `smtp://sender:s3cret-Pa55@127.0.0.1:${smtpPort}`,
      ENQUIRY_RATE_LIMIT_MAX: '1000',
    },
  },
);

describeEachDatabase(
  'test e-mail when the mail server refuses the login',
  (ctx) => {
    it('reports the refused login in plain words, without the password', async () => {
      const boss = await ctx().loginAs();
      const before = smtp.received.length;
      const response = await sendTest(ctx(), boss.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        outcome: 'failed',
        to: boss.email,
        transport: 'smtp',
        source: 'server',
        smtp_host: '127.0.0.1',
        outbox_folder: null,
        transport_reply: null,
        failure: 'auth',
        message: `Not sent to ${boss.email}. The mail server refused the login — check the mail settings with whoever set up the server.`,
      });
      expect(response.body).not.toMatch(/wrong-password|sender|EAUTH|535/);
      expect(smtp.received.length).toBe(before);
    });
  },
  { env: { SMTP_URL: `smtp://sender:wrong-password@127.0.0.1:${smtpPort}` } },
);

describeEachDatabase(
  'test e-mail when no mail server answers',
  (ctx) => {
    it('reports the refused connection in plain words, the same as a server that never answers', async () => {
      const boss = await ctx().loginAs();
      const response = await sendTest(ctx(), boss.token);
      expect(response.json()).toMatchObject({
        outcome: 'failed',
        failure: 'unreachable',
        message:
          `Not sent to ${boss.email}. The mail server (127.0.0.1) could not be reached: it refused the ` +
          'connection or did not answer in time — check the mail settings with whoever set up the server.',
      });
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${downPort}` } },
);
