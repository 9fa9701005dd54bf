import { z } from 'zod';
import { keepsAtLeast, VISIBLE_CHARACTER } from '../control-characters.ts';
import {
  ADMIN_ROLES,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  TOTP_CODE_LENGTH,
} from '../constants.ts';

// Request text loses its control characters before it is read (plugins/clean-request-text.ts), and
// trimmed fields their white space: a field that must not be empty says so with a pattern the
// OpenAPI document carries, not only a minimum length the raw text could meet. Digits are spelled
// [0-9], which means the same in every tester's regular expressions (`\d` does not).

const tooShort = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const newPasswordField = z
  .string({ error: 'is required' })
  .min(MIN_PASSWORD_LENGTH, { error: tooShort, abort: true })
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
  .regex(keepsAtLeast(MIN_PASSWORD_LENGTH), tooShort);

/** A password being checked (not chosen): anything but empty. */
const givenPassword = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(MAX_PASSWORD_LENGTH, 'is too long')
  .regex(keepsAtLeast(1), 'is required');

/** Required text that is trimmed: it must have a character that is not white space. */
const requiredTrimmed = (max: number) =>
  z
    .string({ error: 'is required' })
    .regex(VISIBLE_CHARACTER, 'is required')
    .trim()
    .min(1, 'is required')
    .max(max, 'is too long');

export const loginRequest = z.object({
  email: requiredTrimmed(320),
  password: givenPassword,
  totp_code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^([0-9]{0,${TOTP_CODE_LENGTH}}|[A-Za-z0-9-]{8,20})$`),
      'must be the 6-digit code from your app',
    )
    .nullish(),
});

export const loginResponse = z.object({
  access_token: z.string(),
  force_password_change: z.boolean(),
});

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  force_password_change: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminList = z.object({ success: z.literal(true), admins: z.array(adminUser) });

const USERNAME_CHARACTER = '[\\p{L}\\p{N}._-]';
const USERNAME = new RegExp(
  `^ *${USERNAME_CHARACTER}[\\p{L}\\p{N}._ -]{${MIN_USERNAME_LENGTH - 2},}${USERNAME_CHARACTER} *$`,
  'u',
);

export const createAdminRequest = z.object({
  username: z
    .string({ error: 'is required' })
    .trim()
    .min(MIN_USERNAME_LENGTH, `must be at least ${MIN_USERNAME_LENGTH} characters`)
    .max(MAX_USERNAME_LENGTH, `must be at most ${MAX_USERNAME_LENGTH} characters`)
    // Also says the minimum after trimming: a character other than a space at each end.
    .regex(USERNAME, 'may contain letters, digits, spaces, dots, dashes and underscores'),
  // As the document's `format: email` says: no white space around it (a browser's e-mail field
  // removes it before the form is sent).
  email: z
    .string({ error: 'is required' })
    .max(320)
    .check(z.email('must be an e-mail address'))
    .toLowerCase(),
  password: newPasswordField,
  role: z.enum(ADMIN_ROLES, { error: 'must be admin or superadmin' }).default('admin'),
});
export type CreateAdminRequest = z.infer<typeof createAdminRequest>;

/** GET /api/admin/me: the account plus whether two-factor login is on. */
export const currentAdmin = adminUser.extend({
  two_factor_enabled: z.boolean(),
  /** Unused recovery codes left (0 when 2FA is off), so the settings page can warn when few remain. */
  recovery_codes_remaining: z.number().int(),
});
export type CurrentAdmin = z.infer<typeof currentAdmin>;

export const changePasswordRequest = z.object({
  current_password: givenPassword,
  new_password: newPasswordField,
});

export const passwordResetRequest = z.object({ email: requiredTrimmed(320) });

export const passwordResetConfirm = z.object({
  token: requiredTrimmed(200),
  new_password: newPasswordField,
});

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/admin/password-reset/request: the same answer whether or not the account exists. */
export const passwordResetRequested = messageResponse.extend({
  /** `outbox`: no mail server is set up, so the link is only saved as a file on the server. */
  mail_delivery: z.enum(['smtp', 'outbox']),
});

const codeField = z
  .string({ error: 'is required' })
  .trim()
  .regex(
    new RegExp(`^([0-9]{${TOTP_CODE_LENGTH}}|[A-Za-z0-9-]{8,20})$`),
    'must be the 6-digit code from your app',
  );

export const twoFactorSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for a QR code. */
  otpauth_url: z.string(),
});

export const twoFactorEnableRequest = z.object({
  code: z
    .string({ error: 'is required' })
    .trim()
    .regex(new RegExp(`^[0-9]{${TOTP_CODE_LENGTH}}$`), 'must be the 6-digit code from your app'),
});

export const twoFactorDisableRequest = z.object({
  password: givenPassword,
  /** A current code from the app, or an unused recovery code. */
  code: codeField,
});

export const recoveryCodesRequest = z.object({ code: codeField });

export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  /** Shown once; only hashes are kept. */
  recovery_codes: z.array(z.string()),
});
