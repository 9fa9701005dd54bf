import { z } from 'zod';
import {
  ADMIN_ROLES,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  TOTP_CODE_LENGTH,
} from '../constants.ts';

export const newPasswordField = z
  .string({ error: 'is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

export const loginRequest = z.object({
  email: z.string({ error: 'is required' }).trim().min(1, 'is required').max(320, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(MAX_PASSWORD_LENGTH, 'is too long'),
  totp_code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^(\\d{0,${TOTP_CODE_LENGTH}}|[A-Za-z0-9-]{8,20})$`),
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

export const createAdminRequest = z.object({
  username: z
    .string({ error: 'is required' })
    .trim()
    .min(MIN_USERNAME_LENGTH, `must be at least ${MIN_USERNAME_LENGTH} characters`)
    .max(MAX_USERNAME_LENGTH, `must be at most ${MAX_USERNAME_LENGTH} characters`)
    .regex(/^[\p{L}\p{N}._ -]+$/u, 'may contain letters, digits, spaces, dots, dashes and underscores'),
  email: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .check(z.email('must be an e-mail address'))
    .max(320),
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
  current_password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(MAX_PASSWORD_LENGTH, 'is too long'),
  new_password: newPasswordField,
});

export const passwordResetRequest = z.object({
  email: z.string({ error: 'is required' }).trim().min(1, 'is required').max(320, 'is too long'),
});

export const passwordResetConfirm = z.object({
  token: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
  new_password: newPasswordField,
});

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

const codeField = z
  .string({ error: 'is required' })
  .trim()
  .regex(
    new RegExp(`^(\\d{${TOTP_CODE_LENGTH}}|[A-Za-z0-9-]{8,20})$`),
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
    .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), 'must be the 6-digit code from your app'),
});

export const twoFactorDisableRequest = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(MAX_PASSWORD_LENGTH, 'is too long'),
  /** A current code from the app, or an unused recovery code. */
  code: codeField,
});

export const recoveryCodesRequest = z.object({ code: codeField });

export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  /** Shown once; only hashes are kept. */
  recovery_codes: z.array(z.string()),
});
