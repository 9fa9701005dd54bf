// The one way the server sends e-mail (DESIGN decision 6). With SMTP_URL set, messages go through
// nodemailer's SMTP transport; without it each message is written as an .eml file to the outbox
// directory and its subject and links are logged, so a fresh install works offline and an operator
// can still follow a password-reset link from the log.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { mailRoute } from './failures.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** The transport's own answer: the SMTP server's reply, or the file the message was written to. */
export type MailReceipt =
  { transport: 'smtp'; host: string; response: string } | { transport: 'outbox'; file: string };

export interface Mailer {
  /**
   * Resolves once the message is accepted by the SMTP server (or written to the outbox); rejects
   * otherwise. A mailer passed in by a test may not say where the message went (undefined).
   */
  send(mail: OutgoingMail): Promise<MailReceipt | undefined>;
  close(): Promise<void>;
}

export interface MailerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: MailerLog;
}

// A connection attempt to a dead SMTP server must fail a request in seconds, not hang it for minutes.
const SMTP_TIMEOUT_MS = 15_000;

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** The links in a plain-text body, for the log line that stands in for delivery in outbox mode. */
export const linksIn = (text: string): string[] => [
  // Sentence punctuation after a link belongs to the sentence, not the link.
  ...new Set((text.match(LINK_PATTERN) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''))),
];

/** nodemailer is loaded with the first message, so a server that sends none never holds it in memory. */
function lazyTransport(create: (lib: typeof nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((module) => create(module.default))),
    async close() {
      if (transport) (await transport).close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const route = mailRoute(smtpUrl, options.outboxDir);
  const host = route.transport === 'smtp' ? route.host : '';
  const transport = lazyTransport((lib) =>
    lib.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    }),
  );
  return {
    async send(mail) {
      try {
        const info = await (await transport.get()).sendMail({ from: options.from, ...mail });
        // The recipient and subject are enough to trace a message; bodies may hold reset links.
        options.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
        return { transport: 'smtp', host, response: String(info.response ?? '') };
      } catch (error) {
        options.log.warn({ to: mail.to, subject: mail.subject, err: error }, 'mail delivery failed');
        throw error;
      }
    },
    close: transport.close,
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = lazyTransport((lib) =>
    lib.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ from: options.from, ...mail });
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('outbox transport did not produce a message buffer');
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique without coordination between instances.
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await fs.writeFile(file, message, { mode: 0o600 });
      options.log.info(
        { to: mail.to, subject: mail.subject, links: linksIn(mail.text), file },
        'mail written to outbox (SMTP_URL is not set)',
      );
      return { transport: 'outbox', file };
    },
    close: transport.close,
  };
}
