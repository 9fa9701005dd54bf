// Issue 28 item 1: SMTP_URL in the server's configuration still wins over the mail server saved in
// Settings › Mail — the settings are shown read-only, saving is refused, mail goes through SMTP_URL.
import { afterAll, expect, it } from 'vitest';
import type { SetupStatus } from '#shared/schemas/setup.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const configured = await startSmtpTestServer({ users: { site: 'url-secret' } });
const other = await startSmtpTestServer();
afterAll(async () => Promise.all([configured.close(), other.close()]));
const otherPort = Number(new URL(other.url).port);

const URL_PATH = '/api/admin/mail/settings';
const SETTINGS = {
  host: '127.0.0.1',
  port: otherPort,
  security: 'none',
  username: '',
  from_address: 'owner@bullseye.example',
};

const get = (ctx: TestContext, token: string) => ctx.request({ method: 'GET', url: URL_PATH, token });
const sendTest = (ctx: TestContext, token: string) =>
  ctx.request({ method: 'POST', url: '/api/admin/mail/test', token, payload: { recipient: 'me' } });
const status = async (ctx: TestContext, token: string) =>
  (await ctx.request({ method: 'GET', url: '/api/admin/setup-status', token })).json<SetupStatus>();

describeEachDatabase(
  "mail server set in the server's configuration (SMTP_URL)",
  (ctx) => {
    it('wins: the settings are read-only, saving is refused, and mail goes through SMTP_URL', async () => {
      const boss = await ctx().loginAs();
      // Settings saved before SMTP_URL was set stay in the table but are not used.
      await ctx()
        .db.insertInto('mail_settings')
        .values({
          id: 1,
          host: '127.0.0.1',
          port: otherPort,
          security: 'none',
          username: '',
          password_sealed: null,
          from_address: 'old@bullseye.example',
          updated_at: ctx().clock.now(),
          updated_by: boss.id,
        })
        .execute();
      const read = await get(ctx(), boss.token);
      expect(read.json()).toEqual({
        source: 'server',
        editable: false,
        host: '127.0.0.1',
        port: Number(new URL(configured.url).port),
        security: null,
        username: null,
        password_set: true,
        from_address: 'no-reply@range.test',
        updated_at: null,
      });
      expect(read.body).not.toContain('url-secret');
      for (const request of [{ method: 'PUT' as const, payload: SETTINGS }, { method: 'DELETE' as const }]) {
        const refused = await ctx().request({ ...request, url: URL_PATH, token: boss.token });
        expect(refused.statusCode).toBe(409);
        expect(refused.json<{ detail: string }>().detail).toContain("server's configuration (SMTP_URL)");
      }
      expect(await ctx().db.selectFrom('mail_settings').select('from_address').execute()).toEqual([
        { from_address: 'old@bullseye.example' },
      ]);
      expect((await status(ctx(), boss.token)).mail).toMatchObject({ source: 'server', can_edit: false });

      const arriving = configured.waitForMail();
      expect((await sendTest(ctx(), boss.token)).json()).toMatchObject({ outcome: 'sent', source: 'server' });
      expect((await arriving).from).toBe('no-reply@range.test');
    });
  },
  {
    env: {
      SMTP_URL: `smtp://site:url-secret@127.0.0.1:${new URL(configured.url).port}`,
      MAIL_FROM: '"Range" <no-reply@range.test>',
    },
  },
);
