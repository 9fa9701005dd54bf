// The test e-mail is no port scanner (issue 35, item 5; docs/decisions/0462): a saved mail server
// may use only the ports mail servers listen on (25, 465, 587, 2525) and those the operator adds
// with MAIL_EXTRA_PORTS; a refused connection and one that never answers read the same.
import { afterAll, expect, it } from 'vitest';
import type { MailSettingsInput } from '#shared/schemas/mail-settings.ts';
import type { MailTestResult } from '#shared/schemas/setup.ts';
import { explainMailFailure, type MailRoute } from '../../mail/failures.ts';
import { freePort } from '../../testing/free-port.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
// A mail server on a port nobody allowed: it must never be reached.
const elsewhere = await startSmtpTestServer();
afterAll(async () => Promise.all([smtp.close(), elsewhere.close()]));
const allowedPort = Number(new URL(smtp.url).port);
const closedPort = await freePort();

const SETTINGS: MailSettingsInput = {
  host: '127.0.0.1',
  port: allowedPort,
  security: 'none',
  username: '',
  from_address: 'office@bullseye.example',
};
const URL_PATH = '/api/admin/mail/settings';

const put = (ctx: TestContext, token: string, payload: object) =>
  ctx.request({ method: 'PUT', url: URL_PATH, token, payload });
const sendTest = (ctx: TestContext, token: string) =>
  ctx.request({ method: 'POST', url: '/api/admin/mail/test', token, payload: { recipient: 'me' } });

describeEachDatabase(
  'mail server ports',
  (ctx) => {
    it('refuses a port mail servers do not use, naming the port, and saves nothing', async () => {
      const boss = await ctx().loginAs();
      for (const port of [22, 80, 5432, closedPort]) {
        const refused = await put(ctx(), boss.token, { ...SETTINGS, port });
        expect(refused.statusCode, String(port)).toBe(400);
        expect(refused.json()).toEqual({
          code: 'VALIDATION_ERROR',
          detail: `port: ${port} is not a port mail servers use — choose one of 25, 465, 587, 2525, ${allowedPort}, or ask whoever runs the server to allow it (MAIL_EXTRA_PORTS)`,
        });
      }
      expect(await ctx().db.selectFrom('mail_settings').selectAll().execute()).toEqual([]);
      // The mail ports, and the one the operator added, are taken.
      for (const port of [25, 465, 587, 2525, allowedPort])
        expect((await put(ctx(), boss.token, { ...SETTINGS, port })).statusCode, String(port)).toBe(200);
      const arriving = smtp.waitForMail();
      expect((await sendTest(ctx(), boss.token)).json<MailTestResult>().outcome).toBe('sent');
      await arriving;
    });

    it('refuses a test e-mail through a server saved on a port no longer allowed, and connects nowhere', async () => {
      const boss = await ctx().loginAs();
      expect((await put(ctx(), boss.token, SETTINGS)).statusCode).toBe(200);
      // As a row saved before the ports were limited, or before MAIL_EXTRA_PORTS changed.
      const port = Number(new URL(elsewhere.url).port);
      await ctx().db.updateTable('mail_settings').set({ port }).execute();
      const response = await sendTest(ctx(), boss.token);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(
        new RegExp(`^port: ${port} is not a port mail servers use`),
      );
      // Mail sent in the background through it fails without a connection, in the same words as a
      // server that cannot be reached.
      const failed = await ctx()
        .services.mailer.send({ to: boss.email, subject: 'x', text: 'x', html: 'x' })
        .then(
          () => undefined,
          (error: unknown) =>
            explainMailFailure(error, { transport: 'smtp', host: '127.0.0.1', source: 'settings' }),
        );
      expect(failed?.kind).toBe('unreachable');
      expect(elsewhere.received).toEqual([]);
    });
  },
  { env: { MAIL_EXTRA_PORTS: String(allowedPort) } },
);

it('answers a refused connection and a server that never answers alike', () => {
  // The errors nodemailer throws for each (a closed port, no TCP answer, no SMTP greeting).
  const errors = [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET', syscall: 'connect' }),
    Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT', command: 'CONN' }),
    Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' }),
  ];
  for (const route of [
    { transport: 'smtp', host: '10.0.0.5', source: 'settings' },
    { transport: 'smtp', host: '10.0.0.5', source: 'server' },
  ] satisfies MailRoute[]) {
    const answers = errors.map((error) => explainMailFailure(error, route));
    expect(answers[0]?.kind).toBe('unreachable');
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  }
});
