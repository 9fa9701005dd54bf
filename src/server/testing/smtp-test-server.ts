// A real SMTP server on 127.0.0.1 and a random port, for tests that must prove a message leaves
// through SMTP (not a mock transport). Received messages are kept raw, in order.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const rejectRecipients = new Set<string>();
  let gate: Promise<void> | undefined;
  const users = options.users;
  const server = new SMTPServer({
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
      if (rejectRecipients.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await gate;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectRecipients,
    holdDeliveries() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
    waitForMail(afterCount = received.length, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received[afterCount];
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
          if (!check()) waiters.push(wait);
        };
        waiters.push(wait);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, so assertions can search the decoded text. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
