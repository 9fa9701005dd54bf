// The mail server a superadmin sets in Settings › Mail (issue 28, docs/decisions/0440):
// GET / PUT / DELETE /api/admin/mail/settings. SMTP_URL in the server's configuration wins over
// them; the password is write-only — the answer says only whether one is saved.
import { z } from 'zod';

/** How the connection is protected: none, STARTTLS after connecting (587), or TLS from the start (465). */
export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** The port each choice usually goes with: the form fills it in when the security changes. */
export const DEFAULT_MAIL_PORTS: Record<MailSecurity, number> = { none: 25, starttls: 587, tls: 465 };

// A host name (letters, digits, dots, dashes) or an IPv4/IPv6 address; no scheme, port or login.
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;

/**
 * The ports mail servers listen on: 25 (server to server), 465 (TLS), 587 (submission) and 2525
 * (providers' alternative). A saved server on any other port is refused unless the operator allows
 * it (MAIL_EXTRA_PORTS): the test e-mail must not probe other services (docs/decisions/0462).
 */
export const MAIL_PORTS = [25, 465, 587, 2525] as const;

export const MAX_MAIL_PASSWORD_LENGTH = 512;

export const mailSettingsInput = z.object({
  host: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(253, 'must be at most 253 characters')
    .regex(HOST_PATTERN, 'must be a server name such as smtp.example.com, without smtp:// or a port'),
  port: z
    .number({ error: 'must be a number from 1 to 65535' })
    .int('must be a number from 1 to 65535')
    .min(1, 'must be a number from 1 to 65535')
    .max(65535, 'must be a number from 1 to 65535'),
  security: z.enum(MAIL_SECURITY, { error: 'must be none, starttls or tls' }),
  /** Empty: the server takes mail without signing in (and any saved password is dropped). */
  username: z.string().trim().max(254, 'must be at most 254 characters').default(''),
  /** Empty or absent keeps the saved password; it is never sent back. */
  password: z
    .string()
    .max(MAX_MAIL_PASSWORD_LENGTH, `must be at most ${MAX_MAIL_PASSWORD_LENGTH} characters`)
    .optional(),
  /** The address the site's e-mails come from; the trading name goes beside it. */
  // No white space around it, as the document's `format: email` says (docs/decisions/0437).
  from_address: z
    .string({ error: 'is required' })
    .toLowerCase()
    .check(z.email('must be an e-mail address'))
    .max(320, 'must be at most 320 characters'),
});
export type MailSettingsInput = z.input<typeof mailSettingsInput>;
export type MailSettingsUpdate = z.output<typeof mailSettingsInput>;
export type MailSettingsField = keyof MailSettingsInput;

export const mailSettings = z.object({
  /**
   * `server`: SMTP_URL in the server's configuration sets the mail server and nothing here can
   * change it; `settings`: the values saved here; null: no mail server — mail is saved as files.
   */
  source: z.enum(['server', 'settings']).nullable(),
  /** False while the server's configuration decides (source `server`). */
  editable: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(MAIL_SECURITY).nullable(),
  /** The sign-in name saved here; never the one inside SMTP_URL. */
  username: z.string().nullable(),
  /** Whether a password is saved (or SMTP_URL carries one); the password itself is never sent. */
  password_set: z.boolean(),
  /** The sender address saved here, or MAIL_FROM's address while the server's configuration decides. */
  from_address: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type MailSettings = z.infer<typeof mailSettings>;
