// Issue 28 item 1: a superadmin sets the mail server in Settings › Mail. The password is sealed at
// rest and never answered; a test e-mail goes through the saved server at once, on every instance;
// a bad server is reported in plain words. (SMTP_URL winning: server-config.test.ts.)
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { MailSettings, MailSettingsInput } from '#shared/schemas/mail-settings.ts';
import type { MailTestResult, SetupStatus } from '#shared/schemas/setup.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { loadServerKey } from '../../lib/server-key.ts';
import { freePort } from '../../testing/free-port.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { decodeQuotedPrintable, startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { MAIL_PASSWORD_KEY_PURPOSE } from './service.ts';

// A provider-like server that takes mail only after signing in.
const PASSWORD = 'app-Pa55word-for-mail';
const provider = await startSmtpTestServer({ users: { 'owner@bullseye.example': PASSWORD } });
afterAll(async () => provider.close());
const providerPort = Number(new URL(provider.url).port);
const downPort = await freePort();

const SETTINGS: MailSettingsInput = {
  host: '127.0.0.1',
  port: providerPort,
  security: 'none',
  username: 'owner@bullseye.example',
  password: PASSWORD,
  from_address: 'Owner@Bullseye.example',
};

const URL_PATH = '/api/admin/mail/settings';

const put = (ctx: TestContext, token: string, payload: unknown) =>
  ctx.request({ method: 'PUT', url: URL_PATH, token, payload: payload as object });
const get = (ctx: TestContext, token: string) => ctx.request({ method: 'GET', url: URL_PATH, token });
const sendTest = (ctx: TestContext, token: string) =>
  ctx.request({ method: 'POST', url: '/api/admin/mail/test', token, payload: { recipient: 'me' } });
const status = async (ctx: TestContext, token: string) =>
  (await ctx.request({ method: 'GET', url: '/api/admin/setup-status', token })).json<SetupStatus>();

describeEachDatabase(
  'mail server set in Settings › Mail',
  (ctx) => {
    it('a fresh install has none: mail is saved as files, and the setup card says a superadmin can fix it', async () => {
      const boss = await ctx().loginAs();
      const response = await get(ctx(), boss.token);
      expect(response.statusCode, response.body).toBe(200);
      // No server yet: every field is empty, and the screen may set one.
      const unset = ['source', 'host', 'port', 'security', 'username', 'from_address', 'updated_at'];
      expect(response.json()).toEqual({
        ...Object.fromEntries(unset.map((field) => [field, null])),
        editable: true,
        password_set: false,
      });
      expect((await status(ctx(), boss.token)).mail).toEqual({
        transport: 'outbox',
        source: null,
        smtp_host: null,
        outbox_folder: ctx().config.outboxDir,
        can_edit: true,
      });
      const staff = await ctx().loginAs({ role: 'admin' });
      expect((await status(ctx(), staff.token)).mail.can_edit).toBe(false);
    });

    it('saves the server with the password sealed at rest, and never answers the password', async () => {
      const boss = await ctx().loginAs();
      const saved = await put(ctx(), boss.token, SETTINGS);
      expect(saved.statusCode, saved.body).toBe(200);
      const expected: MailSettings = {
        source: 'settings',
        editable: true,
        host: '127.0.0.1',
        port: providerPort,
        security: 'none',
        username: 'owner@bullseye.example',
        password_set: true,
        from_address: 'owner@bullseye.example',
        updated_at: new Date(ctx().clock.now()).toISOString(),
      };
      expect(saved.json()).toEqual(expected);
      const read = await get(ctx(), boss.token);
      expect(read.json()).toEqual(expected);
      for (const body of [saved.body, read.body]) expect(body).not.toContain(PASSWORD);

      // The row holds the password only sealed, under a key of its own: the TOTP secrets' key does
      // not open it, the mail password's does.
      const row = await ctx().db.selectFrom('mail_settings').selectAll().executeTakeFirstOrThrow();
      expect(row.password_sealed).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(PASSWORD);
      const key = loadServerKey(ctx().config, { warn: () => undefined });
      expect(createSecretBox(key, MAIL_PASSWORD_KEY_PURPOSE).open(row.password_sealed!)).toBe(PASSWORD);
      expect(() => createSecretBox(key).open(row.password_sealed!)).toThrow();

      // The audit log says who changed it, and never holds the password either.
      const audit = await ctx()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('route', '=', URL_PATH)
        .execute();
      expect(audit).toEqual([expect.objectContaining({ admin_id: boss.id, action: `PUT ${URL_PATH}` })]);
      expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    });

    it('an empty password keeps the saved one; no user name drops it', async () => {
      const boss = await ctx().loginAs();
      await put(ctx(), boss.token, SETTINGS);
      const before = await ctx()
        .db.selectFrom('mail_settings')
        .select('password_sealed')
        .executeTakeFirstOrThrow();
      const kept = await put(ctx(), boss.token, { ...SETTINGS, port: 2525, password: '' });
      expect(kept.json()).toMatchObject({ port: 2525, password_set: true });
      const after = await ctx()
        .db.selectFrom('mail_settings')
        .select('password_sealed')
        .executeTakeFirstOrThrow();
      expect(after.password_sealed).toBe(before.password_sealed);
      const { password: _omitted, ...withoutPassword } = SETTINGS;
      expect((await put(ctx(), boss.token, withoutPassword)).json()).toMatchObject({ password_set: true });

      const noLogin = await put(ctx(), boss.token, { ...SETTINGS, username: '', password: 'ignored' });
      expect(noLogin.json()).toMatchObject({ username: '', password_set: false });
      expect(
        (await ctx().db.selectFrom('mail_settings').select('password_sealed').executeTakeFirstOrThrow())
          .password_sealed,
      ).toBeNull();
    });

    it('refuses bad values naming the field, and changes nothing', async () => {
      const boss = await ctx().loginAs();
      const cases: [Record<string, unknown>, string][] = [
        [{ host: 'smtp://mail.example.com' }, 'host'],
        [{ host: 'mail.example.com:587' }, 'host'],
        [{ host: '' }, 'host'],
        [{ port: 0 }, 'port'],
        [{ port: 70000 }, 'port'],
        [{ port: '587' }, 'port'],
        [{ security: 'ssl' }, 'security'],
        [{ from_address: 'not an address' }, 'from_address'],
        [{ password: 'x'.repeat(513) }, 'password'],
      ];
      for (const [change, field] of cases) {
        const response = await put(ctx(), boss.token, { ...SETTINGS, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json<{ detail: string }>().detail, JSON.stringify(change)).toContain(field);
      }
      expect(await ctx().db.selectFrom('mail_settings').selectAll().execute()).toEqual([]);
    });

    it('is for superadmins only', async () => {
      const staff = await ctx().loginAs({ role: 'admin' });
      for (const request of [
        { method: 'GET' as const },
        { method: 'PUT' as const, payload: SETTINGS },
        { method: 'DELETE' as const },
      ]) {
        const forbidden = await ctx().request({ ...request, url: URL_PATH, token: staff.token });
        expect(forbidden.statusCode, request.method).toBe(403);
        expect((await ctx().request({ ...request, url: URL_PATH })).statusCode).toBe(401);
      }
      expect(await ctx().db.selectFrom('mail_settings').selectAll().execute()).toEqual([]);
    });

    it('a test e-mail goes through the saved server at once, signed in, from the saved address', async () => {
      const boss = await ctx().loginAs({ email: 'boss@bullseye.example' });
      await ctx().services.site.update({ trading_name: 'Bullseye Mobile Range' }, boss.id);
      await put(ctx(), boss.token, SETTINGS);
      const arriving = provider.waitForMail();
      const response = await sendTest(ctx(), boss.token);
      expect(response.json()).toMatchObject({
        outcome: 'sent',
        transport: 'smtp',
        source: 'settings',
        smtp_host: '127.0.0.1',
        message: expect.stringMatching(/^Sent to boss@bullseye\.example via 127\.0\.0\.1\. /),
      });
      const mail = await arriving;
      expect(mail.to).toEqual(['boss@bullseye.example']);
      expect(mail.from).toBe('owner@bullseye.example');
      expect(decodeQuotedPrintable(mail.raw)).toMatch(
        /^From: "?Bullseye Mobile Range"? <owner@bullseye\.example>$/m,
      );
      const setup = await status(ctx(), boss.token);
      expect(setup.problems).not.toContain('mail_not_delivered');
      expect(setup.mail).toMatchObject({ transport: 'smtp', source: 'settings', smtp_host: '127.0.0.1' });

      // Removed: back to files, and the card says so again.
      const removed = await ctx().request({ method: 'DELETE', url: URL_PATH, token: boss.token });
      expect(removed.json()).toMatchObject({ source: null, password_set: false });
      expect((await sendTest(ctx(), boss.token)).json()).toMatchObject({ outcome: 'saved' });
      expect((await status(ctx(), boss.token)).problems).toContain('mail_not_delivered');
    });

    it('a wrong password, an unknown host and a closed port are reported in plain words', async () => {
      const boss = await ctx().loginAs();
      const cases: [Partial<MailSettingsInput>, string, string][] = [
        [
          { password: 'wrong-password' },
          'auth',
          'The mail server (127.0.0.1) refused the login — check the user name and password in Settings › Mail.',
        ],
        [
          { host: 'mail.invalid' },
          'host_not_found',
          "The mail server's name (mail.invalid) could not be found — check the server name in Settings › Mail.",
        ],
        [
          { port: downPort },
          'unreachable',
          'The mail server (127.0.0.1) could not be reached: it refused the connection or did not answer in time — check the server name and port in Settings › Mail.',
        ],
      ];
      for (const [change, failure, sentence] of cases) {
        await put(ctx(), boss.token, { ...SETTINGS, ...change });
        ctx().clock.advance(60_000); // past the test e-mails' per-minute limit
        const response = await sendTest(ctx(), boss.token);
        expect(response.statusCode).toBe(200);
        expect(response.json<MailTestResult>(), failure).toMatchObject({
          outcome: 'failed',
          failure,
          message: `Not sent to ${boss.email}. ${sentence}`,
        });
        expect(response.body).not.toContain('wrong-password');
      }
    });

    it('another instance sends through a change from its very next message', async () => {
      const boss = await ctx().loginAs();
      // A second app on the same database, as a second server process would be.
      const db = openDatabase(ctx().config.database);
      const other = await buildApp({
        config: ctx().config,
        db,
        clock: ctx().clock,
        webRoot: path.join(ctx().config.uploadDir, 'no-web-build'),
      });
      try {
        await other.app.ready();
        const testThroughOther = async () =>
          (
            await other.app.inject({
              method: 'POST',
              url: '/api/admin/mail/test',
              headers: { authorization: `Bearer ${boss.token}` },
              payload: { recipient: 'me' },
            })
          ).json<MailTestResult>();
        expect((await testThroughOther()).outcome).toBe('saved');
        await put(ctx(), boss.token, SETTINGS);
        const arriving = provider.waitForMail();
        expect(await testThroughOther()).toMatchObject({ outcome: 'sent', source: 'settings' });
        expect((await arriving).to).toEqual([boss.email]);
      } finally {
        await other.app.close();
        await db.destroy();
      }
    });
  },
  // The test servers listen on ports of their own, which the operator would allow (docs/decisions/0462).
  { env: { MAIL_EXTRA_PORTS: `${providerPort},${downPort}` } },
);
