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
import { explainMailFailure, mailRoute, type MailRoute } from './failures.ts';
import { createMailer, linksIn, serverFromUrl } from './mailer.ts';

function memoryLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  };
}

describe('mailer over SMTP', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => smtp.close());
  /** A mailer sending through the test's SMTP server (never to the outbox), logging to `log`. */
  const smtpMailer = (log: ReturnType<typeof memoryLog>) =>
    createMailer({ server: serverFromUrl(smtp.url), from: FROM, outboxDir: '/nonexistent', log });

  it('delivers a message with both bodies, the business sender and the reply-to', async () => {
    const log = memoryLog();
    const mailer = smtpMailer(log);
    const arriving = smtp.waitForMail();
    const receipt = await mailer.send(MESSAGE);
    const received = await arriving;
    await mailer.close();
    // The server's own reply comes back, for the admin's test e-mail to show.
    expect(receipt).toEqual({
      transport: 'smtp',
      host: '127.0.0.1',
      response: expect.stringMatching(/^250 /),
    });

    expect(received.to).toEqual(['owner@example.com']);
    expect(received.from).toBe('no-reply@range.test');
    const raw = decodeQuotedPrintable(received.raw);
    expect(raw).toMatch(/^From: "?Airsoft Target Range"? <no-reply@range\.test>$/m);
    expect(raw).toMatch(/^Reply-To: visitor@example\.com$/m);
    expect(raw).toMatch(/^Subject: Reset your password$/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('https://range.test/admin/reset-password?token=abc123 within an hour');
    expect(raw).toContain('<a href="https://range.test/admin/reset-password?token=abc123">');
    // The log names the message but never carries the body (which may hold a reset link).
    expect(JSON.stringify(log.lines)).not.toContain('abc123');
  });

  it('rejects when the server refuses the recipient', async () => {
    smtp.rejectRecipients.add('gone@example.com');
    const log = memoryLog();
    const mailer = smtpMailer(log);
    await expect(mailer.send({ ...MESSAGE, to: 'gone@example.com' })).rejects.toThrow();
    expect(log.lines.some((l) => l.level === 'warn')).toBe(true);
    await mailer.close();
  });

  it('rejects when no server listens', async () => {
    const mailer = createMailer({
      server: serverFromUrl('smtp://127.0.0.1:1'),
      from: FROM,
      outboxDir: '/nonexistent',
      log: memoryLog(),
    });
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
    await mailer.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes an .eml file to the outbox and logs the subject and links', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'range-outbox-')), 'nested');
    const log = memoryLog();
    const mailer = createMailer({ server: serverFromUrl(undefined), from: FROM, outboxDir, log });
    const receipt = await mailer.send(MESSAGE);
    await mailer.close();

    const files = fs.readdirSync(outboxDir);
    expect(receipt).toEqual({ transport: 'outbox', file: path.join(outboxDir, files[0]!) });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8'));
    expect(eml).toMatch(/^To: owner@example\.com$/m);
    expect(eml).toMatch(/^From: "?Airsoft Target Range"? </m);
    expect(eml).toContain('Content-Type: text/html');
    expect(log.lines).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('outbox'),
        obj: expect.objectContaining({
          subject: 'Reset your password',
          links: ['https://range.test/admin/reset-password?token=abc123'],
        }),
      }),
    ]);
    fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('finds each distinct link once', () => {
    expect(linksIn('a https://x.test/a, https://x.test/a and http://y.test/b?c=d.')).toEqual([
      'https://x.test/a',
      'http://y.test/b?c=d',
    ]);
  });
});

describe("mail failures in the owner's words", () => {
  let open: SmtpTestServer;
  let withLogin: SmtpTestServer;
  beforeAll(async () => {
    open = await startSmtpTestServer();
    withLogin = await startSmtpTestServer({ users: { sender: 'right' } });
  });
  afterAll(async () => {
    await open.close();
    await withLogin.close();
  });

  /** What a real send through `smtpUrl` failed with, explained. */
  async function failureOf(smtpUrl: string, to = 'owner@example.com') {
    const mailer = createMailer({
      server: serverFromUrl(smtpUrl),
      from: FROM,
      outboxDir: '/nonexistent',
      log: memoryLog(),
    });
    try {
      await mailer.send({ ...MESSAGE, to });
    } catch (error) {
      return explainMailFailure(error, mailRoute(smtpUrl, '/nonexistent'));
    } finally {
      await mailer.close();
    }
    throw new Error('the send did not fail');
  }

  const port = (server: SmtpTestServer) => new URL(server.url).port;

  it('tells a refused login, a missing login, a refused recipient and a dead server apart', async () => {
    expect(await failureOf(`smtp://sender:wrong@127.0.0.1:${port(withLogin)}`)).toEqual({
      kind: 'auth',
      sentence: 'The mail server refused the login — check the mail settings with whoever set up the server.',
    });
    expect((await failureOf(withLogin.url)).kind).toBe('auth_required');
    open.rejectRecipients.add('gone@example.com');
    expect((await failureOf(open.url, 'gone@example.com')).kind).toBe('recipient_refused');
    const dead = await failureOf('smtp://127.0.0.1:1');
    expect(dead.kind).toBe('unreachable');
    expect(dead.sentence).toContain('(127.0.0.1) could not be reached');
  });

  it('never shows the login from the SMTP URL, and says where an unwritable outbox is', async () => {
    const route = mailRoute('smtps://user:pa55word@mail.example.co.uk:465', '/x');
    expect(route).toEqual({ transport: 'smtp', host: 'mail.example.co.uk', source: 'server' });
    for (const code of ['EDNS', 'ETIMEDOUT', 'ETLS', 'EPROTOCOL']) {
      const { sentence } = explainMailFailure(Object.assign(new Error('x'), { code }), route);
      expect(sentence).toContain('mail.example.co.uk');
      expect(sentence).not.toMatch(/user|pa55word|E[A-Z]{3,}/);
    }
    // A reply from the server is shown as text, never as markup or control bytes.
    const odd = explainMailFailure(
      Object.assign(new Error('x'), { code: 'EMESSAGE', response: '554 5.7.1 Rejected\u0007 <b>spam</b>' }),
      route,
    );
    expect(odd).toEqual({
      kind: 'other',
      sentence:
        'The mail server (mail.example.co.uk) did not send the e-mail. It answered: “554 5.7.1 Rejected <b>spam</b>” — check the mail settings with whoever set up the server.',
    });

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'range-outbox-')), 'not-a-folder');
    fs.writeFileSync(file, '');
    const outbox: MailRoute = mailRoute(undefined, path.join(file, 'outbox'));
    const mailer = createMailer({
      server: serverFromUrl(undefined),
      from: FROM,
      outboxDir: path.join(file, 'outbox'),
      log: memoryLog(),
    });
    const error = await mailer.send(MESSAGE).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(explainMailFailure(error, outbox)).toEqual({
      kind: 'outbox',
      sentence: `The e-mail could not be saved in ${path.join(file, 'outbox')} — the folder is missing or not writable; check the mail settings with whoever set up the server.`,
    });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
