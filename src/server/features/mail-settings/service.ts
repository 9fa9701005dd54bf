// The mail server a superadmin sets in Settings › Mail (issue 28, docs/decisions/0440). SMTP_URL in
// the server's configuration wins over it; without either, mail is saved as files in the outbox.
// The password is sealed under the server key with a key of its own (never the TOTP secrets'), is
// opened only to send, and never leaves the server: the answer says only whether one is saved.
// Nothing is cached: the mailer reads the row before every message, so a change applies from the
// next message on, on every instance, with no notice to send or miss.
import type { Selectable } from 'kysely';
import { stripControlCharacters } from '#shared/control-characters.ts';
import { BUSINESS_NAME } from '#shared/constants.ts';
import type { MailSecurity, MailSettings, MailSettingsUpdate } from '#shared/schemas/mail-settings.ts';
import { MAIL_SECURITY } from '#shared/schemas/mail-settings.ts';
import type { Db } from '../../db/database.ts';
import type { MailSettingsTable } from '../../db/mail-settings-table.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  MailPortNotAllowed,
  MailSettingsUnreadable,
  mailRoute,
  type MailRoute,
} from '../../mail/failures.ts';
import type { SmtpServer } from '../../mail/mailer.ts';
import * as repo from './repository.ts';

export interface MailSettingsDeps {
  db: Db;
  clock: Clock;
  /** SMTP_URL: when set, it decides and the saved settings are not used. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, shown as the sender while SMTP_URL decides. */
  mailFrom: string;
  outboxDir: string;
  /** The ports a saved mail server may use (config.mailPorts: the mail ports and MAIL_EXTRA_PORTS). */
  mailPorts: readonly number[];
  /** Seals the password under a key derived for this purpose alone. */
  box: SecretBox;
  /** The business's trading name, which goes beside the sender address. */
  tradingName(): Promise<string>;
}

/** The purpose label of the password's key (lib/secrets.ts deriveKey). */
export const MAIL_PASSWORD_KEY_PURPOSE = 'mail-password';

export const SERVER_DECIDES =
  "The mail server is set in the server's configuration (SMTP_URL), which wins over these settings — ask whoever runs the server to change it there.";

const isSecurity = (value: string): value is MailSecurity =>
  (MAIL_SECURITY as readonly string[]).includes(value);

/** The address inside MAIL_FROM (`"Name" <address>`, or a bare address). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** What SMTP_URL says, as far as it is safe to show: never its user name or password. */
function serverView({ smtpUrl, mailFrom }: MailSettingsDeps): MailSettings {
  let url: URL | null = null;
  try {
    url = new URL(smtpUrl ?? '');
  } catch {
    // A URL that does not parse fails its first send; the screen shows what it can.
  }
  const secure = url?.protocol === 'smtps:';
  return {
    source: 'server',
    editable: false,
    host: url?.hostname || null,
    port: url ? Number(url.port) || (secure ? 465 : 587) : null,
    // smtp:// upgrades with STARTTLS when the server offers it; only smtps:// is certain.
    security: secure ? 'tls' : null,
    username: null,
    password_set: Boolean(url?.password),
    from_address: addressOf(mailFrom),
    updated_at: null,
  };
}

const rowView = (row: Selectable<MailSettingsTable>): MailSettings => ({
  source: 'settings',
  editable: true,
  host: row.host,
  port: row.port,
  security: isSecurity(row.security) ? row.security : 'starttls',
  username: row.username,
  password_set: row.password_sealed !== null,
  from_address: row.from_address,
  updated_at: toIso(row.updated_at),
});

const NO_SERVER: MailSettings = {
  source: null,
  editable: true,
  host: null,
  port: null,
  security: null,
  username: null,
  password_set: false,
  from_address: null,
  updated_at: null,
};

/** The settings as the screen shows them; the password only as "set" or not. */
export async function viewMailSettings(deps: MailSettingsDeps): Promise<MailSettings> {
  if (deps.smtpUrl) return serverView(deps);
  const row = await repo.findMailSettings(deps.db);
  return row ? rowView(row) : NO_SERVER;
}

/**
 * The 400 for a port mail servers do not use: the test e-mail would otherwise tell whether any port
 * of any machine the server reaches is open (docs/decisions/0462). Named like a field problem.
 */
function portRefusal({ mailPorts }: MailSettingsDeps, port: number) {
  const listed = mailPorts.join(', ');
  return badRequest(
    `port: ${port} is not a port mail servers use — choose one of ${listed}, or ask whoever runs the server to allow it (MAIL_EXTRA_PORTS)`,
  );
}

/** Refuses (400, naming the port) a test through a saved server whose port is no longer allowed. */
export async function checkSavedMailPort(deps: MailSettingsDeps): Promise<void> {
  if (deps.smtpUrl) return;
  const row = await repo.findMailSettings(deps.db);
  if (row && !deps.mailPorts.includes(row.port)) throw portRefusal(deps, row.port);
}

/** Saves the mail server; an empty or absent password keeps the saved one, an empty user name drops it. */
export async function saveMailSettings(
  deps: MailSettingsDeps,
  input: MailSettingsUpdate,
  actorId: number,
): Promise<MailSettings> {
  if (deps.smtpUrl) throw conflict(SERVER_DECIDES);
  if (!deps.mailPorts.includes(input.port)) throw portRefusal(deps, input.port);
  const password =
    input.username === ''
      ? { password_sealed: null }
      : input.password
        ? { password_sealed: deps.box.seal(input.password) }
        : {};
  await repo.upsertMailSettings(deps.db, {
    host: input.host.toLowerCase(),
    port: input.port,
    security: input.security,
    username: input.username,
    from_address: input.from_address,
    updated_at: deps.clock.now(),
    updated_by: actorId,
    ...password,
  });
  return viewMailSettings(deps);
}

/** Removes the mail server: mail is saved as files again. */
export async function removeMailSettings(deps: MailSettingsDeps): Promise<MailSettings> {
  if (deps.smtpUrl) throw conflict(SERVER_DECIDES);
  await repo.deleteMailSettings(deps.db);
  return viewMailSettings(deps);
}

/** Where mail goes now, for the setup card and for explaining a failure. */
export async function currentMailRoute(deps: MailSettingsDeps): Promise<MailRoute> {
  if (deps.smtpUrl) return mailRoute(deps.smtpUrl, deps.outboxDir);
  const row = await repo.findMailSettings(deps.db);
  return row
    ? { transport: 'smtp', host: row.host, source: 'settings' }
    : { transport: 'outbox', folder: deps.outboxDir };
}

/**
 * The sender address saved in Settings › Mail while mail goes through that server; null otherwise
 * (SMTP_URL and MAIL_FROM, or the outbox). An invitation names it as its organiser.
 */
export async function savedSenderAddress(deps: MailSettingsDeps): Promise<string | null> {
  if (deps.smtpUrl) return null;
  return (await repo.findMailSettings(deps.db))?.from_address || null;
}

/** The server the next message goes through, password opened; undefined: the outbox. */
export async function currentMailServer(deps: MailSettingsDeps): Promise<SmtpServer | undefined> {
  if (deps.smtpUrl) return { source: 'server', url: deps.smtpUrl };
  const row = await repo.findMailSettings(deps.db);
  if (!row) return undefined;
  // Saved before the ports were limited, or MAIL_EXTRA_PORTS has since changed: never connected to.
  if (!deps.mailPorts.includes(row.port)) throw new MailPortNotAllowed(row.port);
  let password = '';
  try {
    if (row.password_sealed !== null) password = deps.box.open(row.password_sealed);
  } catch (error) {
    throw new MailSettingsUnreadable(error);
  }
  // The trading name is free text a superadmin typed: one clean line in the From header.
  const name = stripControlCharacters(await deps.tradingName()).trim() || BUSINESS_NAME;
  return {
    source: 'settings',
    host: row.host,
    port: row.port,
    security: isSecurity(row.security) ? row.security : 'starttls',
    username: row.username,
    password,
    from: { name, address: row.from_address },
  };
}

export function createMailSettingsService(deps: MailSettingsDeps) {
  const bind = bindDeps(deps);
  return {
    view: bind(viewMailSettings),
    save: bind(saveMailSettings),
    remove: bind(removeMailSettings),
    route: bind(currentMailRoute),
    server: bind(currentMailServer),
    savedSenderAddress: bind(savedSenderAddress),
    checkPort: bind(checkSavedMailPort),
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
