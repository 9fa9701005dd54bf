// Is the site really able to reach people? (issue 15, docs/decisions/0411.)
// GET /api/admin/setup-status answers the facts the dashboard's setup card and Settings › Mail
// show; POST /api/admin/mail/test sends a test e-mail and reports what the transport answered.
import { z } from 'zod';
import { siteSettingsField } from './site.ts';

/** Why a send failed, as the server classifies it (its sentence travels with it). */
export const MAIL_FAILURE_KINDS = [
  'auth',
  'auth_required',
  /**
   * The server could not be reached: it refused the connection or did not answer in time. One kind
   * for both, so the answer does not tell an open port from a closed one (docs/decisions/0462).
   */
  'unreachable',
  'host_not_found',
  /** Earlier versions' words for `unreachable`, still on failures they recorded. */
  'connection_refused',
  'timeout',
  'tls',
  'recipient_refused',
  'sender_refused',
  /** The mail server password saved in Settings › Mail does not open with this server's key. */
  'settings_unreadable',
  'outbox',
  'other',
] as const;
export type MailFailureKind = (typeof MAIL_FAILURE_KINDS)[number];

/**
 * What stands between a visitor and the business, most serious first: mail saved as files nobody
 * receives, no address for enquiry notices, mail the server refuses, placeholder business details,
 * and this admin's two-factor login off.
 */
export const SETUP_PROBLEMS = [
  'mail_not_delivered',
  'no_notification_address',
  'mail_failing',
  'placeholder_details',
  'two_factor_off',
] as const;
export type SetupProblem = (typeof SETUP_PROBLEMS)[number];

const mailTransport = z.object({
  transport: z.enum(['smtp', 'outbox']),
  /** Who set the mail server: SMTP_URL in the server's configuration, or Settings › Mail; null: none. */
  source: z.enum(['server', 'settings']).nullable(),
  /** The SMTP server's host name only: never its user name, password or the rest of the URL. */
  smtp_host: z.string().nullable(),
  /** Where messages are written as files while no mail server is set up. */
  outbox_folder: z.string().nullable(),
});

export const setupStatus = z.object({
  /** True when there is nothing to fix: the dashboard's setup card is not shown. */
  ready: z.boolean(),
  problems: z.array(z.enum(SETUP_PROBLEMS)),
  mail: mailTransport.extend({
    /** Whether the admin asking may set the mail server (a superadmin, unless SMTP_URL decides). */
    can_edit: z.boolean(),
  }),
  notifications: z.object({
    /** Where enquiry notices go; null while there is no real address. */
    address: z.string().nullable(),
    /** `server`: fixed by whoever runs the server; `business_details`: the e-mail in Settings. */
    address_source: z.enum(['server', 'business_details']).nullable(),
    /** Enquiries with an e-mail still owed. */
    pending: z.number().int(),
    /** Of those, notices waiting for an address (they go out as soon as one is saved). */
    waiting_for_address: z.number().int(),
    /** Visitors still waiting for their acknowledgement. */
    visitors_waiting: z.number().int(),
    /** Enquiries whose last try failed at the mail server. */
    failing: z.number().int(),
    /** Why the newest of those failed, in the owner's words. */
    last_failure: z.string().nullable(),
  }),
  business_details: z.object({
    /** Fields the public site still shows as placeholders. */
    placeholder_fields: z.array(siteSettingsField),
    /** Only a superadmin may change them; others are told whom to ask. */
    can_edit: z.boolean(),
  }),
  /** Two-factor login of the admin asking. */
  two_factor_enabled: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatus>;

export const MAIL_TEST_RECIPIENTS = ['me', 'notifications'] as const;
export type MailTestRecipient = (typeof MAIL_TEST_RECIPIENTS)[number];

/**
 * Whom the test goes to: `me` — the signed-in admin's own address; `notifications` — the address
 * enquiry notices go to. Never an address typed in, so the button cannot mail a stranger.
 */
export const mailTestRequest = z.object({
  recipient: z
    .enum(MAIL_TEST_RECIPIENTS, { error: `must be one of ${MAIL_TEST_RECIPIENTS.join(', ')}` })
    .default('me'),
});
export type MailTestRequest = z.input<typeof mailTestRequest>;

export const mailTestResult = mailTransport.extend({
  /** `sent`: the SMTP server accepted it; `saved`: written as a file; `failed`: not sent. */
  outcome: z.enum(['sent', 'saved', 'failed']),
  to: z.string(),
  /** The SMTP server's reply, or the file written; null when the send failed. */
  transport_reply: z.string().nullable(),
  failure: z.enum(MAIL_FAILURE_KINDS).nullable(),
  /** What happened, in the owner's words: the sentence the screen shows. */
  message: z.string(),
});
export type MailTestResult = z.infer<typeof mailTestResult>;
