// The mailer through the mail server a superadmin saved in Settings › Mail (issue 28): signed in,
// from the saved address under the business name, following a change at the very next message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM, MESSAGE } from '../testing/mail.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../testing/smtp-test-server.ts';
import { explainMailFailure } from './failures.ts';
import { createMailer, type SmtpServer } from './mailer.ts';

const quietLog = { info: () => undefined, warn: () => undefined };

describe('mailer through the mail server saved in Settings › Mail', () => {
  let provider: SmtpTestServer;
  let other: SmtpTestServer;
  beforeAll(async () => {
    provider = await startSmtpTestServer({ users: { 'owner@bullseye.example': 'app-pa55word' } });
    other = await startSmtpTestServer();
  });
  afterAll(async () => {
    await provider.close();
    await other.close();
  });

  const saved = (server: SmtpTestServer, changes: Partial<SmtpServer> = {}): SmtpServer => ({
    source: 'settings',
    host: '127.0.0.1',
    port: Number(new URL(server.url).port),
    security: 'none',
    username: 'owner@bullseye.example',
    password: 'app-pa55word',
    from: { name: 'Bullseye Mobile Range', address: 'owner@bullseye.example' },
    ...(changes as object),
  });

  it('signs in, sends from the saved address under the business name, and follows a change at the next message', async () => {
    let current: SmtpServer | undefined = saved(provider);
    const mailer = createMailer({
      server: async () => current,
      from: FROM,
      outboxDir: '/nonexistent',
      log: quietLog,
    });
    const arriving = provider.waitForMail();
    expect(await mailer.send(MESSAGE)).toEqual({
      transport: 'smtp',
      host: '127.0.0.1',
      response: expect.stringMatching(/^250 /),
    });
    const received = await arriving;
    expect(received.from).toBe('owner@bullseye.example');
    expect(decodeQuotedPrintable(received.raw)).toMatch(
      /^From: "?Bullseye Mobile Range"? <owner@bullseye\.example>$/m,
    );

    // Another server saved: the very next message goes there, with no sign-in (none is set).
    current = saved(other, { username: '', password: '' });
    const toOther = other.waitForMail();
    await mailer.send(MESSAGE);
    expect((await toOther).to).toEqual(['owner@example.com']);

    // Removed: the outbox again.
    current = undefined;
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-outbox-'));
    const filing = createMailer({ server: async () => current, from: FROM, outboxDir, log: quietLog });
    expect(await filing.send(MESSAGE)).toMatchObject({ transport: 'outbox' });
    await Promise.all([mailer.close(), filing.close()]);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it("explains a wrong password, a server without STARTTLS and an unknown host as the owner's to fix", async () => {
    async function failureOf(server: SmtpServer) {
      const mailer = createMailer({
        server: async () => server,
        from: FROM,
        outboxDir: '/x',
        log: quietLog,
      });
      const error = await mailer.send(MESSAGE).then(
        () => null,
        (caught: unknown) => caught,
      );
      await mailer.close();
      expect(error).not.toBeNull();
      return explainMailFailure(error, {
        transport: 'smtp',
        host: server.source === 'settings' ? server.host : '',
        source: 'settings',
      });
    }
    expect(await failureOf(saved(provider, { password: 'wrong' }))).toEqual({
      kind: 'auth',
      sentence:
        'The mail server (127.0.0.1) refused the login — check the user name and password in Settings › Mail.',
    });
    // The test server offers no STARTTLS: required, it is refused rather than sent in the clear.
    expect((await failureOf(saved(provider, { security: 'starttls' }))).kind).toBe('tls');
    const unknown = await failureOf(saved(provider, { host: 'mail.invalid' }));
    expect(unknown).toEqual({
      kind: 'host_not_found',
      sentence:
        "The mail server's name (mail.invalid) could not be found — check the server name in Settings › Mail.",
    });
  });
});
