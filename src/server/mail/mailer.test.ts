import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../testing/smtp-test-server.ts';
import { createMailer, linksIn } from './mailer.ts';

function memoryLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  };
}

const FROM = '"Airsoft Target Range" <no-reply@range.test>';
const mail = {
  to: 'owner@example.com',
  subject: 'Reset your password',
  text: 'Open https://range.test/admin/reset-password?token=abc123 within an hour.',
  html: '<p>Open <a href="https://range.test/admin/reset-password?token=abc123">this link</a>.</p>',
  replyTo: 'visitor@example.com',
};

describe('mailer over SMTP', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => smtp.close());

  it('delivers a message with both bodies, the business sender and the reply-to', async () => {
    const log = memoryLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '/nonexistent', log });
    const arriving = smtp.waitForMail();
    await mailer.send(mail);
    const received = await arriving;
    await mailer.close();

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
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '/nonexistent', log });
    await expect(mailer.send({ ...mail, to: 'gone@example.com' })).rejects.toThrow();
    expect(log.lines.some((l) => l.level === 'warn')).toBe(true);
    await mailer.close();
  });

  it('rejects when no server listens', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: FROM,
      outboxDir: '/nonexistent',
      log: memoryLog(),
    });
    await expect(mailer.send(mail)).rejects.toThrow();
    await mailer.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes an .eml file to the outbox and logs the subject and links', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'range-outbox-')), 'nested');
    const log = memoryLog();
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, log });
    await mailer.send(mail);
    await mailer.close();

    const files = fs.readdirSync(outboxDir);
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
