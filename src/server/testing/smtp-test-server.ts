// A real SMTP server on 127.0.0.1 and a random port, for tests that must prove a message leaves
// through SMTP (not a mock transport). Received messages are kept raw, in order.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { bindDeps } from '../lib/bind-deps.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message (or one already waiting beyond `afterCount`). */
  waitForMail(afterCount?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /** Recipients listed here are refused with 550, to exercise delivery failures. */
  rejectRecipients: Set<string>;
  /** Holds every delivery (the client waits for the final reply) until the returned function is called. */
  holdDeliveries(): () => void;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /**
   * Sign-ins the server accepts (user name → password). Given, the server refuses mail from anyone
   * not signed in (530) and a wrong password (535), like a real provider; the URL carries no login.
   */
  users?: Record<string, string>;
}

/** What the server's handlers and the test's calls share. */
interface Mailbox {
  readonly received: ReceivedMail[];
  /** Woken after every delivery. */
  readonly waiters: (() => void)[];
  readonly rejectRecipients: Set<string>;
  /** While set (holdDeliveries), every delivery waits for it before it is received. */
  gate: Promise<void> | undefined;
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const mailbox: Mailbox = { received: [], waiters: [], rejectRecipients: new Set(), gate: undefined };
  const server = createSmtpServer(mailbox, options.users);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const bind = bindDeps(mailbox);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: mailbox.received,
    rejectRecipients: mailbox.rejectRecipients,
    holdDeliveries: bind(holdDeliveries),
    waitForMail: bind(waitForMail),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function createSmtpServer(mailbox: Mailbox, users: Record<string, string> | undefined): SMTPServer {
  return new SMTPServer({
    authOptional: users === undefined,
    // Plain-text sign-in on 127.0.0.1 only: a test has no certificate to offer.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (users && auth.username !== undefined && users[auth.username] === auth.password) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (mailbox.rejectRecipients.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Held while a test keeps the gate shut (it never rejects).
        void Promise.resolve(mailbox.gate).then(() => {
          mailbox.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          mailbox.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      });
    },
  });
}

function holdDeliveries(mailbox: Mailbox): () => void {
  let release = () => {};
  mailbox.gate = new Promise<void>((resolve) => {
    release = () => {
      mailbox.gate = undefined;
      resolve();
    };
  });
  return release;
}

function waitForMail(
  mailbox: Mailbox,
  afterCount = mailbox.received.length,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const mail = mailbox.received[afterCount];
      if (mail) {
        clearTimeout(timer);
        resolve(mail);
        return true;
      }
      return false;
    };
    const timer = setTimeout(() => reject(new Error('no mail arrived in time')), timeoutMs);
    if (check()) return;
    const wait = () => {
      if (!check()) mailbox.waiters.push(wait);
    };
    mailbox.waiters.push(wait);
  });
}

/** Undoes quoted-printable soft line breaks and escapes, so assertions can search the decoded text. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
