// The one way the server sends e-mail (docs/product.md#mail). Before every message the mailer asks
// where mail goes now: SMTP_URL from the server's configuration, else the mail server a superadmin
// saved in Settings › Mail (docs/decisions/0440), else nowhere — each message is then written as an
// .eml file to the outbox directory and its subject and links are logged, so a fresh install works
// offline and an operator can still follow a password-reset link from the log.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { MailSecurity } from '#shared/schemas/mail-settings.ts';
import { mailRoute } from './failures.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * A calendar invitation: sent as a text/calendar alternative with this method (what calendar apps
   * act on) and attached as `filename`. nodemailer's own option, passed on as it is.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
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

/** A mail server messages go through: SMTP_URL, or the one saved in Settings › Mail. */
export type SmtpServer =
  | { source: 'server'; url: string }
  | {
      source: 'settings';
      host: string;
      port: number;
      security: MailSecurity;
      /** Empty: no sign-in. */
      username: string;
      password: string;
      /** The sender: the saved address, named after the business. */
      from: { name: string; address: string };
    };

export interface MailerOptions {
  /** The sender (MAIL_FROM) for mail through SMTP_URL and for the outbox. */
  from: string;
  outboxDir: string;
  log: MailerLog;
  /**
   * Where the next message goes, asked before each one (undefined: the outbox), so a change of the
   * mail settings applies from the next message on, on every instance.
   */
  server: () => Promise<SmtpServer | undefined>;
}

/** A fixed answer for `server`: SMTP_URL when set, else the outbox. */
export const serverFromUrl =
  (smtpUrl: string | undefined): MailerOptions['server'] =>
  async () =>
    smtpUrl ? { source: 'server', url: smtpUrl } : undefined;

// A connection attempt to a dead SMTP server must fail a request in seconds, not hang it for minutes.
const SMTP_TIMEOUT_MS = 15_000;
const TIMEOUTS = {
  connectionTimeout: SMTP_TIMEOUT_MS,
  greetingTimeout: SMTP_TIMEOUT_MS,
  socketTimeout: SMTP_TIMEOUT_MS,
};

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** The links in a plain-text body, for the log line that stands in for delivery in outbox mode. */
export const linksIn = (text: string): string[] => [
  // Sentence punctuation after a link belongs to the sentence, not the link.
  ...new Set((text.match(LINK_PATTERN) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''))),
];

/** nodemailer is loaded with the first message, so a server that sends none never holds it in memory. */
const nodemailerLib = (() => {
  let lib: Promise<typeof nodemailer> | undefined;
  return () => (lib ??= import('nodemailer').then((module) => module.default));
})();

/** nodemailer's options for a server: what the owner chose, spelled the way nodemailer reads it. */
function transportOptions(server: SmtpServer) {
  if (server.source === 'server') return { url: server.url, ...TIMEOUTS };
  return {
    host: server.host,
    port: server.port,
    // TLS from the first byte; STARTTLS required (never silently plain); or plain, never upgraded.
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password } } : {}),
    ...TIMEOUTS,
  };
}

/** The host a receipt and a failure name: never a user name or password. */
const hostOf = (server: SmtpServer): string => {
  if (server.source === 'settings') return server.host;
  const route = mailRoute(server.url, '');
  return route.transport === 'smtp' ? route.host : '';
};

/**
 * One SMTP transport, made again when the server's settings change. The transports are not
 * pooled (a connection per message), so one dropped mid-send finishes its message undisturbed.
 */
function smtpTransports() {
  let current: { key: string; transport: Promise<Transporter> } | undefined;
  return {
    get(server: SmtpServer): Promise<Transporter> {
      const options = transportOptions(server);
      const key = JSON.stringify(options);
      if (current?.key !== key) {
        current = { key, transport: nodemailerLib().then((lib) => lib.createTransport(options)) };
      }
      return current.transport;
    },
    async close() {
      if (current) (await current.transport).close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const smtp = smtpTransports();
  let outbox: Promise<Transporter> | undefined;
  const outboxTransport = () =>
    (outbox ??= nodemailerLib().then((lib) =>
      lib.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    async send(mail) {
      const server = await options.server().catch((error: unknown) => {
        options.log.warn({ to: mail.to, subject: mail.subject, err: error }, 'mail delivery failed');
        throw error;
      });
      if (!server) return writeToOutbox(await outboxTransport(), options, mail);
      return sendOverSmtp(await smtp.get(server), server, options, mail);
    },
    async close() {
      await smtp.close();
      if (outbox) (await outbox).close();
    },
  };
}

async function sendOverSmtp(
  transport: Transporter,
  server: SmtpServer,
  options: MailerOptions,
  mail: OutgoingMail,
): Promise<MailReceipt> {
  const from: SendMailOptions['from'] = server.source === 'settings' ? server.from : options.from;
  try {
    const info = await transport.sendMail({ from, ...mail });
    // The recipient and subject are enough to trace a message; bodies may hold reset links.
    options.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    return { transport: 'smtp', host: hostOf(server), response: String(info.response ?? '') };
  } catch (error) {
    options.log.warn({ to: mail.to, subject: mail.subject, err: error }, 'mail delivery failed');
    throw error;
  }
}

async function writeToOutbox(
  transport: Transporter,
  options: MailerOptions,
  mail: OutgoingMail,
): Promise<MailReceipt> {
  const info = await transport.sendMail({ from: options.from, ...mail });
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
    'mail written to outbox (no mail server is set up)',
  );
  return { transport: 'outbox', file };
}
