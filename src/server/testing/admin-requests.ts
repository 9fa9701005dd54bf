// The sign-in requests several suites make on their way to what they test: turning on two-factor
// login and going through a password reset, each as the admin pages send them.
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

const from = (remoteAddress?: string) => (remoteAddress ? { remoteAddress } : {});

/** Confirms enrolment with `code`, as the two-factor settings do after the QR code is scanned. */
export const enableTwoFactor = (c: TestContext, token: string, code: string) =>
  c.request({ method: 'POST', url: '/api/admin/2fa/enable', token, payload: { code } });

/**
 * Turns two-factor login on for the admin behind `token`: returns the secret and its otpauth URI as
 * setup gave them, a code for the clock's time step (or `offsetMs` away from it) and the recovery codes.
 */
export async function turnOnTwoFactor(c: TestContext, token: string) {
  const setup = await c.request({ method: 'POST', url: '/api/admin/2fa/setup', token });
  expect(setup.statusCode, setup.body).toBe(200);
  const body = setup.json<{ secret: string; otpauth_url: string }>();
  const secret = OTPAuth.Secret.fromBase32(body.secret);
  const code = (offsetMs = 0) => OTPAuth.TOTP.generate({ secret, timestamp: c.clock.now() + offsetMs });
  const enabled = await enableTwoFactor(c, token, code());
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...body, code, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** Asks for a reset link for `email`, as the forgot-password page does. */
export const requestPasswordReset = (
  c: TestContext,
  email: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  c.request({
    method: 'POST',
    url: '/api/admin/password-reset/request',
    payload: { email },
    headers: options.headers,
    ...from(options.remoteAddress),
  });

/** Sets `newPassword` with the reset link's `token`, as the reset-password page does. */
export const confirmPasswordReset = (
  c: TestContext,
  token: string,
  newPassword: string,
  remoteAddress?: string,
) =>
  c.request({
    method: 'POST',
    url: '/api/admin/password-reset/confirm',
    payload: { token, new_password: newPassword },
    ...from(remoteAddress),
  });
