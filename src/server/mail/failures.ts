// Mail failures in the owner's words (issue 15): the admin screens show why an e-mail did not go out
// and who can fix it, never a stack trace, an error code or the name of a server variable. The raw
// error still goes to the log for whoever runs the server.
import { MAIL_FAILURE_KINDS, type MailFailureKind } from '#shared/schemas/setup.ts';
import { flattenControlCharacters } from '#shared/control-characters.ts';

export type { MailFailureKind };

export interface MailFailure {
  kind: MailFailureKind;
  /** A sentence for the admin screens. */
  sentence: string;
}

/**
 * Where the server sends mail, as far as it is safe to say: the SMTP host, never its user or
 * password, and who set it — the server's configuration (SMTP_URL) or a superadmin in Settings › Mail.
 */
export type MailRoute =
  | { transport: 'smtp'; host: string; source: 'server' | 'settings' }
  | { transport: 'outbox'; folder: string };

const ASK = 'check the mail settings with whoever set up the server';
const IN_SETTINGS = 'in Settings › Mail';

/** The code of the error thrown when the saved mail server password cannot be opened. */
export const SETTINGS_UNREADABLE = 'EMAILSETTINGS';

/** The saved password does not open with this server's key (a database restored elsewhere). */
export class MailSettingsUnreadable extends Error {
  readonly code = SETTINGS_UNREADABLE;
  constructor(cause: unknown) {
    super('the mail server password saved in the settings cannot be opened with the server key', { cause });
  }
}

/** Reads what the SMTP URL says about where mail goes; credentials in it are never looked at. */
export function mailRoute(smtpUrl: string | undefined, outboxDir: string): MailRoute {
  if (!smtpUrl) return { transport: 'outbox', folder: outboxDir };
  try {
    return { transport: 'smtp', host: new URL(smtpUrl).hostname || 'the mail server', source: 'server' };
  } catch {
    // config.ts only checks the scheme; a URL that does not parse fails its first send anyway.
    return { transport: 'smtp', host: 'the mail server', source: 'server' };
  }
}

/** The code of the error thrown when the saved mail server's port is not one this server allows. */
export const PORT_NOT_ALLOWED = 'EPORTNOTALLOWED';

/** The saved port is not a mail port (docs/decisions/0462): no connection is tried. */
export class MailPortNotAllowed extends Error {
  readonly code = PORT_NOT_ALLOWED;
  constructor(port: number) {
    super(`port ${port} of the mail server saved in the settings is not allowed (MAIL_EXTRA_PORTS)`);
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
  const flat = flattenControlCharacters(reply).replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
};

function kindOf(error: unknown, route: MailRoute): MailFailureKind {
  const { code, command, responseCode, message, syscall } = field(error);
  const text = typeof message === 'string' ? message : '';
  if (code === SETTINGS_UNREADABLE) return 'settings_unreadable';
  if (route.transport === 'outbox') return 'outbox';
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'EOAUTH2') return 'auth';
  // 530: the server wants a login before it takes mail, and none was given.
  if (responseCode === 530) return 'auth_required';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) return 'host_not_found';
  // Refused and timed out are one answer: told apart, they say which ports of a machine are open.
  if (code === PORT_NOT_ALLOWED) return 'unreachable';
  if (code === 'ETIMEDOUT' || /ETIMEDOUT|ECONNREFUSED|timeout/i.test(text)) return 'unreachable';
  if (code === 'ETLS' || /SSL|TLS|certificate/i.test(text)) return 'tls';
  if (code === 'EENVELOPE' && command === 'RCPT TO') return 'recipient_refused';
  if (code === 'EENVELOPE' && command === 'MAIL FROM') return 'sender_refused';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || syscall === 'connect') return 'unreachable';
  return 'other';
}

/** The sentence for a failure kind; `detail` carries the server's own reply for 'other'. */
export function mailFailureSentence(kind: MailFailureKind, route: MailRoute, detail?: string | null): string {
  const own = route.transport === 'smtp' && route.source === 'settings';
  const ownSentence = own ? settingsSentence(kind, route.host, detail) : null;
  if (ownSentence) return ownSentence;
  const host = route.transport === 'smtp' ? route.host : '';
  switch (kind) {
    case 'auth':
      return `The mail server refused the login — ${ASK}.`;
    case 'auth_required':
      return `The mail server (${host}) only sends mail for a signed-in user, and no login is set up — ${ASK}.`;
    case 'unreachable':
      return `The mail server (${host}) could not be reached: it refused the connection or did not answer in time — ${ASK}.`;
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
    case 'settings_unreadable':
      return `The mail server password saved ${IN_SETTINGS} cannot be read on this server (its key has changed since it was saved) — enter the password again ${IN_SETTINGS}.`;
    case 'outbox':
      return `The e-mail could not be saved in ${route.transport === 'outbox' ? route.folder : 'the outbox folder'} — the folder is missing or not writable; ${ASK}.`;
    case 'other':
      return detail
        ? `The mail server (${host}) did not send the e-mail. It answered: “${detail}” — ${ASK}.`
        : `The mail server (${host}) did not send the e-mail — ${ASK}.`;
  }
}

/**
 * The same failures when a superadmin set the mail server: they can fix it themselves, and this
 * says where. Null where the wording does not depend on who set it.
 */
function settingsSentence(kind: MailFailureKind, host: string, detail?: string | null): string | null {
  switch (kind) {
    case 'auth':
      return `The mail server (${host}) refused the login — check the user name and password ${IN_SETTINGS}.`;
    case 'auth_required':
      return `The mail server (${host}) only sends mail for a signed-in user — add the user name and password ${IN_SETTINGS}.`;
    case 'unreachable':
      return `The mail server (${host}) could not be reached: it refused the connection or did not answer in time — check the server name and port ${IN_SETTINGS}.`;
    case 'connection_refused':
      return `The mail server (${host}) could not be reached: it refused the connection or is not running — check the server name and port ${IN_SETTINGS}.`;
    case 'host_not_found':
      return `The mail server's name (${host}) could not be found — check the server name ${IN_SETTINGS}.`;
    case 'timeout':
      return `The mail server (${host}) did not answer in time — it may be down, or the port may be blocked or wrong; check the port ${IN_SETTINGS}.`;
    case 'tls':
      return `A secure connection to the mail server (${host}) could not be made — check the security and port ${IN_SETTINGS} (STARTTLS usually goes with port 587, TLS with 465).`;
    case 'sender_refused':
      return `The mail server (${host}) refused the sender address — check the sender address ${IN_SETTINGS}; it usually has to be an address of the account you sign in with.`;
    case 'other':
      return detail
        ? `The mail server (${host}) did not send the e-mail. It answered: “${detail}” — check the mail server ${IN_SETTINGS}.`
        : `The mail server (${host}) did not send the e-mail — check the mail server ${IN_SETTINGS}.`;
    default:
      return null;
  }
}

/** What went wrong with a send, in the owner's words. */
export function explainMailFailure(error: unknown, route: MailRoute): MailFailure {
  const kind = kindOf(error, route);
  return { kind, sentence: mailFailureSentence(kind, route, serverReply(field(error).response)) };
}

export const isMailFailureKind = (value: unknown): value is MailFailureKind =>
  (MAIL_FAILURE_KINDS as readonly unknown[]).includes(value);
