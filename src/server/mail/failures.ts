// Mail failures in the owner's words (issue 15): the admin screens show why an e-mail did not go out
// and who can fix it, never a stack trace, an error code or the name of a server variable. The raw
// error still goes to the log for whoever runs the server.
import { MAIL_FAILURE_KINDS, type MailFailureKind } from '#shared/schemas/setup.ts';

export type { MailFailureKind };

export interface MailFailure {
  kind: MailFailureKind;
  /** A sentence for the admin screens. */
  sentence: string;
}

/** Where the server sends mail, as far as it is safe to say: the SMTP host, never its user or password. */
export type MailRoute = { transport: 'smtp'; host: string } | { transport: 'outbox'; folder: string };

const ASK = 'check the mail settings with whoever set up the server';

/** Reads what the SMTP URL says about where mail goes; credentials in it are never looked at. */
export function mailRoute(smtpUrl: string | undefined, outboxDir: string): MailRoute {
  if (!smtpUrl) return { transport: 'outbox', folder: outboxDir };
  try {
    return { transport: 'smtp', host: new URL(smtpUrl).hostname || 'the mail server' };
  } catch {
    // config.ts only checks the scheme; a URL that does not parse fails its first send anyway.
    return { transport: 'smtp', host: 'the mail server' };
  }
}

interface ErrorFields {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
  syscall?: unknown;
}

const field = (error: unknown): ErrorFields => (typeof error === 'object' && error !== null ? error : {});

/** Printable and short: an SMTP server's reply is text from another machine. */
const serverReply = (reply: unknown): string | null => {
  if (typeof reply !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const flat = reply.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  if (!flat) return null;
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
};

function kindOf(error: unknown, route: MailRoute): MailFailureKind {
  const { code, command, responseCode, message, syscall } = field(error);
  const text = typeof message === 'string' ? message : '';
  if (route.transport === 'outbox') return 'outbox';
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'EOAUTH2') return 'auth';
  // 530: the server wants a login before it takes mail, and none was given.
  if (responseCode === 530) return 'auth_required';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) return 'host_not_found';
  if (code === 'ETIMEDOUT' || /ETIMEDOUT|timeout/i.test(text)) return 'timeout';
  if (/ECONNREFUSED/.test(text)) return 'connection_refused';
  if (code === 'ETLS' || /SSL|TLS|certificate/i.test(text)) return 'tls';
  if (code === 'EENVELOPE' && command === 'RCPT TO') return 'recipient_refused';
  if (code === 'EENVELOPE' && command === 'MAIL FROM') return 'sender_refused';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || syscall === 'connect') return 'connection_refused';
  return 'other';
}

/** The sentence for a failure kind; `detail` carries the server's own reply for 'other'. */
export function mailFailureSentence(kind: MailFailureKind, route: MailRoute, detail?: string | null): string {
  const host = route.transport === 'smtp' ? route.host : '';
  switch (kind) {
    case 'auth':
      return `The mail server refused the login — ${ASK}.`;
    case 'auth_required':
      return `The mail server (${host}) only sends mail for a signed-in user, and no login is set up — ${ASK}.`;
    case 'connection_refused':
      return `The mail server (${host}) could not be reached: it refused the connection or is not running — ${ASK}.`;
    case 'host_not_found':
      return `The mail server's name (${host}) could not be found — ${ASK}.`;
    case 'timeout':
      return `The mail server (${host}) did not answer in time — it may be down or blocked; ${ASK}.`;
    case 'tls':
      return `A secure connection to the mail server (${host}) could not be made — ${ASK}.`;
    case 'recipient_refused':
      return 'The mail server would not accept mail for one of the addresses — check the business e-mail in Settings, or the visitor may have mistyped theirs.';
    case 'sender_refused':
      return `The mail server refused the sender address the site sends from — ${ASK}.`;
    case 'outbox':
      return `The e-mail could not be saved in ${route.transport === 'outbox' ? route.folder : 'the outbox folder'} — the folder is missing or not writable; ${ASK}.`;
    case 'other':
      return detail
        ? `The mail server (${host}) did not send the e-mail. It answered: “${detail}” — ${ASK}.`
        : `The mail server (${host}) did not send the e-mail — ${ASK}.`;
  }
}

/** What went wrong with a send, in the owner's words. */
export function explainMailFailure(error: unknown, route: MailRoute): MailFailure {
  const kind = kindOf(error, route);
  return { kind, sentence: mailFailureSentence(kind, route, serverReply(field(error).response)) };
}

export const isMailFailureKind = (value: unknown): value is MailFailureKind =>
  (MAIL_FAILURE_KINDS as readonly unknown[]).includes(value);
