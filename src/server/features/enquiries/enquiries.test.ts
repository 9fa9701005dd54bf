import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrations } from '../../db/migrate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  createPostgresDatabase,
  describeEachDatabase,
  dialects,
  type TestContext,
} from '../../testing/harness.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../../testing/smtp-test-server.ts';
import { MAX_AUTOMATIC_ATTEMPTS } from './notification-status.ts';

// A real SMTP server: notifications must really leave through SMTP.
const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const BUSINESS = 'owner@range.test';
const valid = {
  name: 'Sam Smith',
  email: 'sam@example.com',
  organisation: 'Acme Events',
  message: 'We would like to book the range for our festival in August.\nAbout 2,000 visitors a day.',
  recaptchaToken: 'unused-with-captcha-off',
};

type Row = Record<string, unknown>;

const submit = (ctx: TestContext, payload: Row, remoteAddress?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/enquiries',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const rows = (ctx: TestContext) => ctx.db.selectFrom('enquiries').selectAll().orderBy('id').execute();

/** The admin's "send notifications now" button. */
const sendNotifications = (ctx: TestContext, token: string, headers?: Record<string, string>) =>
  ctx.request({ method: 'POST', url: '/api/admin/enquiries/send-notifications', token, headers });

const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.+)$`, 'mi').exec(decodeQuotedPrintable(mail.raw))?.[1]?.trim();

/** Mail that arrived for `address` since `from`. */
const mailTo = (address: string, from: number) =>
  smtp.received.slice(from).filter((m) => m.to.includes(address));

async function setBusinessEmail(ctx: TestContext, email = BUSINESS) {
  await ctx.services.site.update({ email, phone: '01632 960123', trading_name: 'Range Test Ltd' }, null);
}

describeEachDatabase(
  'enquiries',
  (ctx) => {
    it('stores a valid enquiry, trimmed, committed before the answer', async () => {
      await setBusinessEmail(ctx());
      const response = await submit(ctx(), {
        ...valid,
        name: '  Sam Smith  ',
        organisation: ' Acme Events ',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true });

      // A second connection sees the row at once: it was committed before the 200 went out.
      const other = openDatabase(ctx().config.database);
      try {
        const stored = await other.selectFrom('enquiries').selectAll().execute();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          name: 'Sam Smith',
          email: 'sam@example.com',
          organisation: 'Acme Events',
          message: valid.message,
          status: 'new',
          created_at: ctx().clock.now(),
        });
      } finally {
        await other.destroy();
      }
      await ctx().services.enquiries.settled();
    });

    it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
      const cases: [Row, string][] = [
        [{ ...valid, name: undefined }, 'name: is required'],
        [{ ...valid, name: '   ' }, 'name: is required'],
        [{ ...valid, name: 'x'.repeat(201) }, 'name: must be at most 200'],
        [{ ...valid, email: undefined }, 'email: is required'],
        [{ ...valid, email: 'sam at example' }, 'email: must be an e-mail address'],
        [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 'email: must be at most 254'],
        [{ ...valid, organisation: '' }, 'organisation: is required'],
        [{ ...valid, organisation: 7 }, 'organisation'],
        [{ ...valid, message: undefined }, 'message: is required'],
        [{ ...valid, message: 'x'.repeat(5001) }, 'message: must be at most 5000 characters'],
      ];
      for (const [payload, detail] of cases) {
        const response = await submit(ctx(), payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json()).toEqual({
          detail: expect.stringContaining(detail),
          code: 'VALIDATION_ERROR',
        });
      }
      expect(await rows(ctx())).toEqual([]);
      // The limit itself is allowed.
      expect((await submit(ctx(), { ...valid, message: 'x'.repeat(5000) })).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
    });

    it('removes control characters (PostgreSQL cannot store NUL) but keeps the message layout', async () => {
      const response = await submit(ctx(), {
        ...valid,
        name: 'Sam\u0000 Smith\r\n',
        organisation: '\u001bAcme\u009b Events',
        message: 'Line one\u0000\r\n\tLine two\u0007',
        website: 'bot', // stored as spam: no mail to wait for
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await rows(ctx()))[0]).toMatchObject({
        name: 'Sam Smith',
        organisation: 'Acme Events',
        message: 'Line one\r\n\tLine two',
      });
      const onlyControls = await submit(ctx(), { ...valid, name: '\u0000\u0001' });
      expect(onlyControls.statusCode).toBe(400);
      expect(onlyControls.json<{ detail: string }>().detail).toBe('name: is required');
    });

    it('e-mails the business (Reply-To the visitor) and acknowledges the visitor over SMTP', async () => {
      await setBusinessEmail(ctx());
      const before = smtp.received.length;
      expect((await submit(ctx(), valid)).statusCode).toBe(200);
      await ctx().services.enquiries.settled();

      const [notice] = mailTo(BUSINESS, before);
      expect(notice).toBeDefined();
      expect(header(notice!, 'Reply-To')).toBe('sam@example.com');
      expect(header(notice!, 'Subject')).toBe('New enquiry: Sam Smith (Acme Events)');
      const noticeText = decodeQuotedPrintable(notice!.raw);
      expect(noticeText).toContain('About 2,000 visitors a day.');
      expect(noticeText).toContain('http://range.test/admin/enquiries');

      const [ack] = mailTo('sam@example.com', before);
      expect(ack).toBeDefined();
      expect(header(ack!, 'Reply-To')).toBe(BUSINESS);
      const ackText = decodeQuotedPrintable(ack!.raw);
      expect(ackText).toContain('within 24 hours');
      expect(ackText).toContain('01632 960123');
      // Whoever fills in the form picks the address: nothing they wrote reaches it.
      for (const written of ['Sam Smith', 'Acme Events', 'About 2,000 visitors', 'festival in August'])
        expect(ackText, written).not.toContain(written);

      const [row] = await rows(ctx());
      expect(row).toMatchObject({
        notify_pending: 0,
        business_notified_at: ctx().clock.now(),
        visitor_acknowledged_at: ctx().clock.now(),
      });
    });

    it('acknowledges one mailbox at most 3 times in 24 hours, however it is spelt; the business hears of every enquiry', async () => {
      await setBusinessEmail(ctx());
      const before = smtp.received.length;
      const spellings = [
        'victim@example.org',
        'Victim@Example.ORG',
        'victim+1@EXAMPLE.org',
        'victim+2@example.org',
      ];
      // White space around an address is no spelling of it: refused, as the document's format says
      // (docs/decisions/0437), so it is acknowledged never.
      expect((await submit(ctx(), { ...valid, email: ' victim@example.org' }, '192.0.2.9')).statusCode).toBe(
        400,
      );
      for (const [i, email] of spellings.entries()) {
        // From a different address each time: the enquiry limit is not what stops this.
        expect((await submit(ctx(), { ...valid, email }, `192.0.2.${i + 1}`)).statusCode).toBe(200);
        await ctx().services.enquiries.settled();
      }
      const toVictim = smtp.received.slice(before).filter((m) => m.to.some((to) => /victim/i.test(to)));
      expect(toVictim).toHaveLength(3);
      expect(mailTo(BUSINESS, before)).toHaveLength(4);
      // The skipped acknowledgement is not owed: nothing stays pending, no retry will send it.
      expect((await rows(ctx())).map((r) => r.notify_pending)).toEqual([0, 0, 0, 0]);
      expect((await ctx().services.enquiries.retryDue()).sent).toBe(0);

      // Gmail ignores dots as well.
      for (const email of ['jo.bloggs@gmail.com', 'jobloggs@gmail.com', 'j.o.bloggs@googlemail.com'])
        await submit(ctx(), { ...valid, email });
      await submit(ctx(), { ...valid, email: 'JoBloggs+x@gmail.com' });
      await ctx().services.enquiries.settled();
      const toJo = smtp.received.slice(before).filter((m) => m.to.some((to) => /bloggs/i.test(to)));
      expect(toJo).toHaveLength(3);

      // A day later the mailbox may be acknowledged again.
      ctx().clock.advance(24 * 60 * 60 * 1000);
      await submit(ctx(), { ...valid, email: 'victim@example.org' });
      await ctx().services.enquiries.settled();
      expect(mailTo('victim@example.org', before)).toHaveLength(2);
    });

    it('an acknowledgement that could not be sent does not use up the mailbox share', async () => {
      await setBusinessEmail(ctx());
      const before = smtp.received.length;
      smtp.rejectRecipients.add('sam@example.com');
      try {
        for (let i = 0; i < 3; i += 1) await submit(ctx(), valid);
        await ctx().services.enquiries.settled();
      } finally {
        smtp.rejectRecipients.delete('sam@example.com');
      }
      expect(mailTo('sam@example.com', before)).toHaveLength(0);
      const { token } = await ctx().loginAs();
      const sent = await sendNotifications(ctx(), token);
      expect(sent.json()).toEqual({ success: true, message: '3 notification(s) sent', sent: 3 });
      expect(mailTo('sam@example.com', before)).toHaveLength(3);
    });

    it('keeps an enquiry pending while a send fails, and sends only what is still owed', async () => {
      await setBusinessEmail(ctx());
      smtp.rejectRecipients.add('sam@example.com');
      const before = smtp.received.length;
      try {
        expect((await submit(ctx(), valid)).statusCode).toBe(200);
        await ctx().services.enquiries.settled();
        expect(mailTo(BUSINESS, before)).toHaveLength(1);
        expect((await rows(ctx()))[0]).toMatchObject({
          notify_pending: 1,
          notify_attempts: 1,
          visitor_acknowledged_at: null,
        });

        const { token } = await ctx().loginAs();
        const listed = await ctx().request({ method: 'GET', url: '/api/enquiries', token });
        expect(listed.json<{ enquiries: Row[] }>().enquiries[0]).toMatchObject({
          notification_pending: true,
        });
        const failed = await sendNotifications(ctx(), token);
        expect(failed.statusCode).toBe(503);
        expect(failed.json()).toEqual({
          detail:
            'The mail server would not accept mail for one of the addresses — check the business e-mail ' +
            'in Settings, or the visitor may have mistyped theirs. 1 enquiry could not be sent and stays ' +
            'pending. 1 visitor is still waiting for an acknowledgement.',
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(listed.json<{ enquiries: Row[] }>().enquiries[0]).toMatchObject({
          notification_waiting_for: 'mail_server',
          acknowledgement_pending: true,
        });
      } finally {
        smtp.rejectRecipients.delete('sam@example.com');
      }
      const { token } = await ctx().loginAs();
      // Sent as some clients do: an empty body still labelled JSON.
      const sent = await sendNotifications(ctx(), token, { 'content-type': 'application/json' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ success: true, message: '1 notification(s) sent', sent: 1 });
      expect(mailTo(BUSINESS, before)).toHaveLength(1); // the business is not told twice
      expect(mailTo('sam@example.com', before)).toHaveLength(1);
      expect((await rows(ctx()))[0]).toMatchObject({ notify_pending: 0, notify_error: null });

      const none = await sendNotifications(ctx(), token);
      expect(none.json()).toEqual({ success: true, message: '0 notification(s) sent', sent: 0 });
    });

    it('on a fresh install the visitor is acknowledged and the notice waits, using up no retry attempts', async () => {
      // The site still has its placeholder details and NOTIFY_EMAIL is unset.
      const before = smtp.received.length;
      expect((await submit(ctx(), valid)).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
      // The acknowledgement needs no business address: it went at once.
      expect(mailTo('sam@example.com', before)).toHaveLength(1);
      expect(smtp.received.length).toBe(before + 1);
      expect((await rows(ctx()))[0]).toMatchObject({
        notify_pending: 1,
        notify_attempts: 0,
        notify_next_at: null,
        notify_failure: 'no_address',
        business_notified_at: null,
        visitor_acknowledged_at: ctx().clock.now(),
      });

      // Hours of retry runs leave it alone: waiting for an address is not a failure.
      for (let run = 0; run < MAX_AUTOMATIC_ATTEMPTS + 2; run += 1) {
        ctx().clock.advance(60 * 60 * 1000);
        expect(await ctx().services.enquiries.retryDue()).toEqual({ sent: 0, failed: 0 });
      }
      expect((await rows(ctx()))[0]).toMatchObject({ notify_attempts: 0, notify_pending: 1 });

      const { token } = await ctx().loginAs();
      const listed = await ctx().request({ method: 'GET', url: '/api/enquiries', token });
      expect(listed.json<{ enquiries: Row[] }>().enquiries[0]).toMatchObject({
        notification_pending: true,
        notification_waiting_for: 'address',
        acknowledgement_pending: false,
      });

      // The button says what to do in the owner's words, and still uses up nothing.
      const response = await sendNotifications(ctx(), token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail:
          'No address to send enquiries to yet — add the business e-mail in Settings › Business details. ' +
          '1 enquiry is waiting for that address and will be sent to you as soon as it is saved. ' +
          'No visitor is waiting for an acknowledgement.',
        code: 'CONFLICT',
      });
      expect(response.body).not.toMatch(/NOTIFY_EMAIL|SMTP|Error:|\bat \w/);
      expect(smtp.received.length).toBe(before + 1);
      expect((await rows(ctx()))[0]).toMatchObject({ notify_attempts: 0 });
    });

    it('saving a real business e-mail sends the waiting notices in the background, not before the answer', async () => {
      const before = smtp.received.length;
      for (const name of ['First Visitor', 'Second Visitor'])
        expect((await submit(ctx(), { ...valid, name })).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
      expect(mailTo(BUSINESS, before)).toHaveLength(0);
      const boss = await ctx().loginAs();

      // A partial save that leaves the e-mail a placeholder changes nothing for them.
      const phoneOnly = await ctx().request({
        method: 'PUT',
        url: '/api/admin/site',
        token: boss.token,
        payload: { phone: '01632 960123' },
      });
      expect(phoneOnly.statusCode).toBe(200);
      await ctx().services.enquiries.settled();
      expect(mailTo(BUSINESS, before)).toHaveLength(0);

      // The save answers while the mail server is still holding the first notice.
      const release = smtp.holdDeliveries();
      let saved;
      try {
        saved = await ctx().request({
          method: 'PUT',
          url: '/api/admin/site',
          token: boss.token,
          payload: { email: BUSINESS },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(mailTo(BUSINESS, before)).toHaveLength(0);
      } finally {
        release();
      }
      await ctx().services.enquiries.settled();
      const notices = mailTo(BUSINESS, before);
      expect(notices.map((mail) => header(mail, 'Subject')).sort()).toEqual([
        'New enquiry: First Visitor (Acme Events)',
        'New enquiry: Second Visitor (Acme Events)',
      ]);
      expect((await rows(ctx())).map((r) => [r.notify_pending, r.notify_failure])).toEqual([
        [0, null],
        [0, null],
      ]);
      // Each visitor had exactly one acknowledgement: at submission, not again now.
      expect(mailTo('sam@example.com', before)).toHaveLength(2);
    });

    it('an acknowledgement the mailbox limit held back is settled: not counted as waiting, never sent late', async () => {
      const before = smtp.received.length;
      for (let i = 0; i < 4; i += 1) {
        expect((await submit(ctx(), valid)).statusCode).toBe(200);
        await ctx().services.enquiries.settled();
      }
      expect(mailTo('sam@example.com', before)).toHaveLength(3);
      const last = (await rows(ctx()))[3]!;
      expect(last).toMatchObject({ notify_pending: 1, visitor_acknowledged_at: null });
      expect(last.visitor_ack_skipped_at).toBe(ctx().clock.now());
      expect(await ctx().services.enquiries.notificationStatus()).toEqual({
        pending: 4,
        waitingForAddress: 4,
        visitorsWaiting: 0,
        failing: 0,
        lastFailure: null,
      });
      // A day later the mailbox could be acknowledged again; this enquiry's turn has passed.
      ctx().clock.advance(25 * 60 * 60 * 1000);
      await setBusinessEmail(ctx());
      await ctx().services.enquiries.settled();
      expect(mailTo(BUSINESS, before)).toHaveLength(4);
      expect(mailTo('sam@example.com', before)).toHaveLength(3);
    });

    it('stores honeypot submissions as spam, answers as usual, and mails nobody', async () => {
      await setBusinessEmail(ctx());
      const before = smtp.received.length;
      const response = await submit(ctx(), { ...valid, website: 'http://cheap-pills.example' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      await ctx().services.enquiries.settled();
      expect((await rows(ctx()))[0]).toMatchObject({
        status: 'spam',
        spam_reason: 'honeypot',
        notify_pending: 0,
      });
      expect(smtp.received.length).toBe(before);
      // An empty honeypot is a person.
      expect((await submit(ctx(), { ...valid, website: '' })).statusCode).toBe(200);
      expect((await rows(ctx()))[1]).toMatchObject({ status: 'new' });
      await ctx().services.enquiries.settled();
    });

    it('lists enquiries for admins only, newest first, with every documented field', async () => {
      await setBusinessEmail(ctx());
      for (const name of ['First', 'Second', 'Third']) {
        await submit(ctx(), { ...valid, name });
        ctx().clock.advance(60_000);
      }
      await ctx().services.enquiries.settled();
      expect((await ctx().request({ method: 'GET', url: '/api/enquiries' })).statusCode).toBe(401);

      const { token } = await ctx().loginAs();
      const response = await ctx().request({ method: 'GET', url: '/api/enquiries', token });
      expect(response.statusCode).toBe(200);
      const { success, enquiries } = response.json<{ success: boolean; enquiries: Row[] }>();
      expect(success).toBe(true);
      expect(enquiries.map((e) => e.name)).toEqual(['Third', 'Second', 'First']);
      expect(Object.keys(enquiries[0]!).sort()).toEqual([
        'acknowledgement_pending',
        'booking',
        'created_at',
        'date_taken',
        'email',
        'event_type',
        'id',
        'message',
        'name',
        'notification_pending',
        'notification_waiting_for',
        'organisation',
        'people',
        'phone',
        'preferred_date',
        'source',
        'status',
      ]);
      expect(enquiries[2]).toMatchObject({
        status: 'new',
        created_at: '2026-06-15T12:00:00.000Z',
        notification_pending: false,
        notification_waiting_for: null,
        acknowledgement_pending: false,
      });
    });

    it('deletes one enquiry, and 404s an unknown one', async () => {
      await submit(ctx(), { ...valid, website: 'bot' }); // spam: no mail to wait for
      const [row] = await rows(ctx());
      const { token } = await ctx().loginAs();
      const deleted = await ctx().request({
        method: 'DELETE',
        url: `/api/admin/enquiries/${row!.id}`,
        token,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expect(await rows(ctx())).toEqual([]);
      const again = await ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${row!.id}`, token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Enquiry not found', code: 'NOT_FOUND' });
      expect(
        (await ctx().request({ method: 'DELETE', url: `/api/admin/enquiries/${row!.id}` })).statusCode,
      ).toBe(401);
    });

    it('bulk-deletes all or nothing, naming unknown ids', async () => {
      for (let i = 0; i < 3; i += 1) await submit(ctx(), { ...valid, website: 'bot' });
      const [a, b, c] = (await rows(ctx())).map((r) => r.id) as [number, number, number];
      const { token } = await ctx().loginAs();
      const bulk = (payload: unknown) =>
        ctx().request({
          method: 'POST',
          url: '/api/admin/enquiries/bulk-delete',
          token,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });

      const partial = await bulk([c, 999_998, 999_999]);
      expect(partial.statusCode).toBe(404);
      expect(partial.json()).toEqual({
        detail: 'No enquiry with id 999998, 999999; nothing was deleted',
        code: 'NOT_FOUND',
      });
      expect(await rows(ctx())).toHaveLength(3);

      const ok = await bulk([a, b, a]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ success: true, deleted: 2 });
      expect((await rows(ctx())).map((r) => r.id)).toEqual([c]);

      for (const bad of [[], {}, ['x'], [1.5], 'c', [2_147_483_648], [a, 2 ** 53]]) {
        const response = await bulk(bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toHaveProperty('detail');
      }
    });

    it('changes status; marking spam stops the mail still owed', async () => {
      smtp.rejectRecipients.add(BUSINESS);
      try {
        await setBusinessEmail(ctx());
        await submit(ctx(), valid);
        await ctx().services.enquiries.settled();
      } finally {
        smtp.rejectRecipients.delete(BUSINESS);
      }
      const [row] = await rows(ctx());
      expect(row).toMatchObject({ notify_pending: 1 });
      const { token } = await ctx().loginAs();
      const patch = (id: number, payload: unknown) =>
        ctx().request({ method: 'PATCH', url: `/api/admin/enquiries/${id}`, token, payload: payload as Row });

      const contacted = await patch(row!.id, { status: 'contacted' });
      expect(contacted.statusCode).toBe(200);
      expect(contacted.json()).toMatchObject({
        success: true,
        enquiry: { id: row!.id, status: 'contacted' },
      });
      const bad = await patch(row!.id, { status: 'archived' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ detail: string }>().detail).toContain('status');
      expect((await patch(999_999, { status: 'closed' })).statusCode).toBe(404);

      expect((await patch(row!.id, { status: 'spam' })).json()).toMatchObject({
        enquiry: { status: 'spam' },
      });
      const before = smtp.received.length;
      const sent = await sendNotifications(ctx(), token);
      expect(sent.json()).toEqual({ success: true, message: '0 notification(s) sent', sent: 0 });
      expect(smtp.received.length).toBe(before);
    });

    it('offers no ALTCHA challenge when the provider is off, and says so in the captcha config', async () => {
      const challenge = await ctx().request({ method: 'GET', url: '/api/captcha/challenge' });
      expect(challenge.statusCode).toBe(404);
      const config = await ctx().request({ method: 'GET', url: '/api/captcha/config' });
      expect(config.json()).toEqual({
        provider: 'off',
        challenge_url: null,
        site_key: null,
        action: null,
        honeypot_field: 'website',
      });
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', SMTP_URL: smtp.url, ENQUIRY_RATE_LIMIT_MAX: '1000' } },
);

describeEachDatabase(
  'enquiry rate limit and NOTIFY_EMAIL',
  (ctx) => {
    it('limits enquiries per client address with 429, Retry-After and a {detail, code} body', async () => {
      for (let i = 0; i < 2; i += 1) {
        expect((await submit(ctx(), { ...valid, website: 'bot' }, '203.0.113.7')).statusCode).toBe(200);
      }
      const limited = await submit(ctx(), { ...valid, website: 'bot' }, '203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        detail: expect.stringContaining('Too many enquiries'),
        code: 'RATE_LIMITED',
      });
      expect(await rows(ctx())).toHaveLength(2);
      // Another address is not affected, and other routes are not limited.
      expect((await submit(ctx(), { ...valid, website: 'bot' }, '203.0.113.8')).statusCode).toBe(200);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/captcha/config', remoteAddress: '203.0.113.7' }))
          .statusCode,
      ).toBe(200);
    });

    it('is shared by every instance on the database, and an IPv6 /64 or a spoofed X-Forwarded-For gains nothing', async () => {
      // A second instance: its own app and, on PostgreSQL, its own connection pool. (Two SQLite
      // connections in one process would block each other: better-sqlite3 waits for a lock
      // synchronously, so the holder could never finish. SQLite serves one instance anyway.)
      const separate = ctx().dialect === 'postgres';
      const otherDb = separate ? openDatabase(ctx().config.database) : ctx().db;
      const mailer: Mailer = { send: async () => undefined, close: async () => undefined };
      const other = await buildApp({
        config: ctx().config,
        db: otherDb,
        clock: ctx().clock,
        mailer,
        webRoot: path.join(ctx().config.uploadDir, 'no-web'),
      });
      await other.services.analytics.stop();
      const spam = { ...valid, website: 'bot' }; // stored quietly, no mail to wait for
      const viaOther = (remoteAddress: string, headers: Record<string, string> = {}) =>
        other.app.inject({ method: 'POST', url: '/api/enquiries', payload: spam, remoteAddress, headers });
      try {
        expect((await submit(ctx(), spam, '192.0.2.7')).statusCode).toBe(200);
        expect((await viaOther('192.0.2.7')).statusCode).toBe(200);
        expect((await submit(ctx(), spam, '192.0.2.7')).statusCode).toBe(429);
        const limited = await viaOther('192.0.2.7', { 'x-forwarded-for': '198.51.100.55' });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });

        expect((await submit(ctx(), spam, '2001:db8:1:2::1')).statusCode).toBe(200);
        expect((await viaOther('2001:db8:1:2::2')).statusCode).toBe(200);
        expect((await submit(ctx(), spam, '2001:db8:1:2:ffff::3')).statusCode).toBe(429);
        expect((await viaOther('::ffff:192.0.2.7')).statusCode).toBe(429);
        expect((await viaOther('2001:db8:1:3::1')).statusCode).toBe(200);
        expect(await rows(ctx())).toHaveLength(5);

        // Twenty at once through both instances from one new address: exactly two get through.
        const racing = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            i % 2 === 0 ? submit(ctx(), spam, '198.51.100.99') : viaOther('198.51.100.99'),
          ),
        );
        const statuses = racing.map((r) => r.statusCode);
        expect(statuses.filter((status) => status === 200)).toHaveLength(2);
        expect(statuses.filter((status) => status === 429)).toHaveLength(18);

        // The window is an hour from each address's first enquiry.
        ctx().clock.advance(60 * 60 * 1000);
        expect((await viaOther('192.0.2.7')).statusCode).toBe(200);
      } finally {
        await other.app.close();
        if (separate) await otherDb.destroy();
      }
    });

    it('sends the notice to NOTIFY_EMAIL rather than the site address', async () => {
      await setBusinessEmail(ctx());
      const before = smtp.received.length;
      expect((await submit(ctx(), valid, '198.51.100.1')).statusCode).toBe(200);
      await ctx().services.enquiries.settled();
      expect(mailTo('bookings@range.test', before)).toHaveLength(1);
      expect(mailTo(BUSINESS, before)).toHaveLength(0);
    });
  },
  {
    env: {
      CAPTCHA_PROVIDER: 'off',
      SMTP_URL: smtp.url,
      ENQUIRY_RATE_LIMIT_MAX: '2',
      NOTIFY_EMAIL: 'bookings@range.test',
    },
  },
);

describeEachDatabase(
  'enquiry rate limit behind a trusted proxy',
  (ctx) => {
    it('with TRUST_PROXY the forwarded client address is the key', async () => {
      const spam = { ...valid, website: 'bot' };
      const from = (client: string) =>
        ctx().request({
          method: 'POST',
          url: '/api/enquiries',
          payload: spam,
          headers: { 'x-forwarded-for': client },
        });
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      expect((await from('203.0.113.7')).statusCode).toBe(429);
      // Another visitor behind the same proxy is not affected.
      expect((await from('198.51.100.20')).statusCode).toBe(200);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1', TRUST_PROXY: '1' } },
);

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const downPort = await freePort();

describeEachDatabase(
  'enquiry notifications while SMTP is down',
  (ctx) => {
    it('keeps the enquiry, backs off, and delivers once the server is back', async () => {
      await setBusinessEmail(ctx());
      const response = await submit(ctx(), valid);
      expect(response.statusCode).toBe(200); // the visitor is not failed because mail is
      await ctx().services.enquiries.settled();
      const start = ctx().clock.now();
      expect((await rows(ctx()))[0]).toMatchObject({
        notify_pending: 1,
        notify_attempts: 1,
        notify_next_at: start + 60_000,
        notify_failure: 'unreachable',
        notify_error: expect.stringContaining('ECONNREFUSED'),
      });
      expect(await ctx().services.enquiries.notificationStatus()).toEqual({
        pending: 1,
        waitingForAddress: 0,
        visitorsWaiting: 1,
        failing: 1,
        lastFailure:
          'The mail server (127.0.0.1) could not be reached: it refused the connection or did not ' +
          'answer in time — check the mail settings with whoever set up the server.',
      });

      // Not due yet: nothing is tried.
      expect(await ctx().services.enquiries.retryDue()).toEqual({ sent: 0, failed: 0 });
      ctx().clock.advance(60_000);
      expect(await ctx().services.enquiries.retryDue()).toEqual({ sent: 0, failed: 1 });
      expect((await rows(ctx()))[0]).toMatchObject({
        notify_attempts: 2,
        notify_next_at: start + 60_000 + 120_000,
      });

      const { token } = await ctx().loginAs();
      const manual = await sendNotifications(ctx(), token);
      expect(manual.statusCode).toBe(503);
      // The owner's words: what happened, who can fix it, what waits; no error codes or variables.
      expect(manual.json()).toEqual({
        detail:
          'The mail server (127.0.0.1) could not be reached: it refused the connection or did not ' +
          'answer in time — check the mail settings with whoever set up the server. 1 enquiry could not be ' +
          'sent and stays pending. 1 visitor is still waiting for an acknowledgement.',
        code: 'SERVICE_UNAVAILABLE',
      });

      // The server comes back on the configured address.
      const received: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          stream.resume();
          stream.on('end', () => {
            received.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(downPort, '127.0.0.1', resolve));
      try {
        ctx().clock.advance(10 * 60_000);
        expect(await ctx().services.enquiries.retryDue()).toEqual({ sent: 1, failed: 0 });
        expect(received.sort()).toEqual([BUSINESS, 'sam@example.com']);
        expect((await rows(ctx()))[0]).toMatchObject({ notify_pending: 0 });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('stops automatic retries after the last attempt; the button still tries', async () => {
      await setBusinessEmail(ctx());
      await submit(ctx(), valid);
      await ctx().services.enquiries.settled();
      await ctx()
        .db.updateTable('enquiries')
        .set({ notify_attempts: MAX_AUTOMATIC_ATTEMPTS, notify_next_at: 0 })
        .execute();
      expect(await ctx().services.enquiries.retryDue()).toEqual({ sent: 0, failed: 0 });
      const { token } = await ctx().loginAs();
      const manual = await sendNotifications(ctx(), token);
      expect(manual.statusCode).toBe(503);
      expect((await rows(ctx()))[0]).toMatchObject({ notify_attempts: MAX_AUTOMATIC_ATTEMPTS + 1 });
    });
  },
  {
    env: {
      CAPTCHA_PROVIDER: 'off',
      SMTP_URL: `smtp://127.0.0.1:${downPort}`,
      ENQUIRY_RATE_LIMIT_MAX: '1000',
    },
  },
);

describe.each(dialects())('migration 0008 [%s]', (dialect) => {
  it('lets enquiries that used up their attempts waiting for an address wait for it instead', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-0008-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const db: Db = openDatabase(
      postgres
        ? { dialect: 'postgres', url: postgres.url }
        : { dialect: 'sqlite', file: path.join(tmp, 'app.db') },
    );
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0008-notification-waits') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const row = (
        name: string,
        values: {
          notify_error: string | null;
          notify_pending?: number;
          notify_attempts?: number;
          notify_next_at?: null;
        },
      ) => ({
        name,
        email: `${name}@example.com`,
        organisation: 'Org',
        message: 'Hello',
        status: 'new',
        created_at: 1,
        updated_at: 1,
        notify_pending: 1,
        notify_attempts: 10,
        notify_next_at: 999,
        ...values,
      });
      // Written as the old code wrote them (the new columns do not exist yet).
      await db
        .insertInto('enquiries')
        .values([
          row('stuck', {
            notify_error:
              'No address to notify: set NOTIFY_EMAIL, or the business e-mail in Admin › Settings',
          }),
          row('smtp', { notify_error: 'connect ECONNREFUSED 127.0.0.1:25' }),
          row('done', { notify_pending: 0, notify_error: null, notify_attempts: 0, notify_next_at: null }),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const after = await db
        .selectFrom('enquiries')
        .select(['name', 'notify_failure', 'notify_attempts', 'notify_next_at', 'visitor_ack_skipped_at'])
        .orderBy('id')
        .execute();
      expect(
        after.map((r) => ({
          ...r,
          notify_next_at: r.notify_next_at === null ? null : Number(r.notify_next_at),
        })),
      ).toEqual([
        {
          name: 'stuck',
          notify_failure: 'no_address',
          notify_attempts: 0,
          notify_next_at: null,
          visitor_ack_skipped_at: null,
        },
        {
          name: 'smtp',
          notify_failure: null,
          notify_attempts: 10,
          notify_next_at: 999,
          visitor_ack_skipped_at: null,
        },
        {
          name: 'done',
          notify_failure: null,
          notify_attempts: 0,
          notify_next_at: null,
          visitor_ack_skipped_at: null,
        },
      ]);
    } finally {
      await db.destroy();
      await postgres?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
