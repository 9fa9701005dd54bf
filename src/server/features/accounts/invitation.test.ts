// Issue 28 item 9: a new admin gets an invitation e-mail — their sign-in address, where to sign in,
// the password change at first sign-in — never the password; the answer says where the e-mail went.
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { InvitationResult } from '#shared/schemas/invitation.ts';
import { freePort } from '../../testing/free-port.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { decodeQuotedPrintable, startSmtpTestServer } from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());
const downPort = await freePort();

const NEW_ADMIN = {
  username: 'Jess Carter',
  email: 'Jess@Bullseye.example',
  password: 'Temporary-Range-Pass-42',
  role: 'admin',
};

async function create(ctx: TestContext, token: string, payload: object = NEW_ADMIN) {
  const response = await ctx.request({ method: 'POST', url: '/api/admin/users', token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ admin: { id: number; email: string }; invitation: InvitationResult }>();
}

const mailServer = (ctx: TestContext, token: string, port: number) =>
  ctx.request({
    method: 'PUT',
    url: '/api/admin/mail/settings',
    token,
    payload: {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: '',
      from_address: 'office@bullseye.example',
    },
  });

describeEachDatabase(
  'invitation e-mail to a new admin',
  (ctx) => {
    it('without a mail server it is saved as a file, and the answer says it was not delivered', async () => {
      const boss = await ctx().loginAs({ username: 'Sam Owner' });
      await ctx().services.site.update({ trading_name: 'Bullseye Mobile Range' }, boss.id);
      const { invitation } = await create(ctx(), boss.token);
      expect(invitation).toEqual({
        outcome: 'saved',
        message:
          'Not delivered — no mail server yet: the invitation to jess@bullseye.example was saved as a file on the ' +
          'server, and nobody receives it until a mail server is set up in Settings › Mail. Tell Jess Carter how ' +
          'to sign in, and give Jess Carter the password yourself.',
      });
      const files = fs.readdirSync(ctx().config.outboxDir).sort();
      const eml = decodeQuotedPrintable(fs.readFileSync(`${ctx().config.outboxDir}/${files.at(-1)}`, 'utf8'));
      expect(eml).toMatch(/^To: jess@bullseye\.example$/m);
      expect(eml).toMatch(/^Subject: Your admin account for Bullseye Mobile Range$/m);
      for (const words of [
        'Hello Jess Carter,',
        'Sam Owner has made you an admin account for the Bullseye Mobile Range website, as an Admin.',
        'Sign in with this e-mail address: jess@bullseye.example',
        'http://range.test/admin/login',
        'it is never sent by e-mail',
        'you will be asked to choose a new password that only you know',
        'http://range.test/admin/forgot-password',
      ])
        expect(eml).toContain(words);
      expect(eml).not.toContain(NEW_ADMIN.password);
    });

    it('through the mail server it arrives, naming the role; the answer says it went', async () => {
      const boss = await ctx().loginAs();
      await mailServer(ctx(), boss.token, Number(new URL(smtp.url).port));
      const arriving = smtp.waitForMail();
      const { invitation } = await create(ctx(), boss.token, { ...NEW_ADMIN, role: 'superadmin' });
      expect(invitation).toEqual({
        outcome: 'sent',
        message:
          'An invitation was e-mailed to jess@bullseye.example with how to sign in. It does not hold the ' +
          'password: give Jess Carter the password yourself.',
      });
      const mail = await arriving;
      expect(mail.to).toEqual(['jess@bullseye.example']);
      const raw = decodeQuotedPrintable(mail.raw);
      expect(raw).toContain('as a Superadmin. A Superadmin can also change the business details');
      expect(raw).not.toContain(NEW_ADMIN.password);
    });

    it('a mail server that fails leaves the account made, and says why in plain words', async () => {
      const boss = await ctx().loginAs();
      await mailServer(ctx(), boss.token, downPort);
      const { admin, invitation } = await create(ctx(), boss.token);
      expect(invitation).toEqual({
        outcome: 'failed',
        message:
          'The invitation could not be e-mailed to jess@bullseye.example. The mail server (127.0.0.1) could not ' +
          'be reached: it refused the connection or did not answer in time — check the server name and port in ' +
          'Settings › Mail. The account is made: tell Jess Carter how to sign in, and give Jess Carter the ' +
          'password yourself.',
      });
      const users = await ctx().request({ method: 'GET', url: '/api/admin/users', token: boss.token });
      expect(users.json<{ admins: { id: number }[] }>().admins.map((a) => a.id)).toContain(admin.id);
    });

    it('no invitation for a refused account', async () => {
      const staff = await ctx().loginAs({ role: 'admin' });
      const outbox = () =>
        fs.existsSync(ctx().config.outboxDir) ? fs.readdirSync(ctx().config.outboxDir) : [];
      const before = outbox();
      const refused = await ctx().request({
        method: 'POST',
        url: '/api/admin/users',
        token: staff.token,
        payload: { ...NEW_ADMIN, role: 'superadmin' },
      });
      expect(refused.statusCode).toBe(403);
      expect(outbox()).toEqual(before);
    });
  },
  // The test mail server and the closed port are ports of their own, which the operator would allow.
  { env: { MAIL_EXTRA_PORTS: `${new URL(smtp.url).port},${downPort}` } },
);
