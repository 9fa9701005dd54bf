// An admin turning their own two-factor login on and off, and renewing its recovery codes (issue 3).
import { badRequest, conflict } from '../../lib/http-error.ts';
import { AUDIT_ACTIONS } from '../audit/service.ts';
import {
  attemptOf,
  auditOwnChange,
  checkOwnCode,
  checkOwnPassword,
  claimAttempt,
  giveBack,
  recordFailure,
} from './attempts.ts';
import { requireSecurity, type AccountsDeps, type RequestContext, type SessionAdmin } from './deps.ts';
import { TOTP_INVALID } from './messages.ts';

export async function beginTwoFactor(deps: AccountsDeps, admin: SessionAdmin) {
  return requireSecurity(deps).twoFactor.beginEnrolment(admin.id, admin.email);
}

/** Confirms enrolment with a code; returns the one-time recovery codes. */
export async function enableTwoFactor(
  deps: AccountsDeps,
  admin: SessionAdmin,
  code: string,
  context: RequestContext = {},
): Promise<string[]> {
  const sec = requireSecurity(deps);
  const claim = await claimAttempt(deps, attemptOf('two-factor', admin.email, context), admin);
  let codes: string[] | null;
  try {
    codes = await sec.twoFactor.confirmEnrolment(admin.id, code);
  } catch (error) {
    // Enrolment not started or already on: no code was checked.
    await giveBack(deps, claim);
    throw error;
  }
  if (!codes) {
    await recordFailure(deps, claim, admin, 'wrong 2FA code at enrolment');
    throw badRequest(`${TOTP_INVALID}. Check that your phone's clock is right and try the next code.`);
  }
  await auditOwnChange(deps, admin, AUDIT_ACTIONS.twoFactorEnabled, context);
  return codes;
}

/** Turning 2FA off needs both the password and a current code (or recovery code). */
export async function disableTwoFactor(
  deps: AccountsDeps,
  admin: SessionAdmin,
  password: string,
  code: string,
  context: RequestContext = {},
) {
  const sec = await requireTwoFactorOn(deps, admin);
  await checkOwnPassword(deps, admin, password, 'two-factor', context);
  await checkOwnCode(deps, admin, code, context);
  await sec.twoFactor.disable(admin.id);
  await auditOwnChange(deps, admin, AUDIT_ACTIONS.twoFactorDisabled, context);
}

/** Replaces all recovery codes (e.g. when few are left); needs a current code. */
export async function regenerateRecoveryCodes(
  deps: AccountsDeps,
  admin: SessionAdmin,
  code: string,
  context: RequestContext = {},
): Promise<string[]> {
  const sec = await requireTwoFactorOn(deps, admin);
  await checkOwnCode(deps, admin, code, context);
  const codes = await sec.twoFactor.regenerateRecoveryCodes(admin.id);
  await auditOwnChange(deps, admin, AUDIT_ACTIONS.recoveryCodesRegenerated, context);
  return codes;
}

/** The security services, once the admin's two-factor login is known to be on (409 otherwise). */
async function requireTwoFactorOn(deps: AccountsDeps, admin: SessionAdmin) {
  const sec = requireSecurity(deps);
  if (!(await sec.twoFactor.isEnabled(admin.id))) throw conflict('Two-factor login is not on');
  return sec;
}
