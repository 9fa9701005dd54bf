export const INVALID_CREDENTIALS = 'Invalid email or password';
// The login screen shows its code field when the error contains "2FA" (docs/product.md#sign-in).
export const TOTP_REQUIRED = '2FA code required: enter the 6-digit code from your authenticator app';
export const TOTP_INVALID = 'Invalid 2FA code';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';
