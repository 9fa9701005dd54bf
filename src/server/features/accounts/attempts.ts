// The brute-force limits around every password or code check, and the audit records they leave
// (issue 3, issue 15).
import { toIso } from '../../lib/clock.ts';
import { badRequest, unauthorized } from '../../lib/http-error.ts';
import { AUDIT_ACTIONS } from '../audit/service.ts';
import type { Attempt, Claim, LimitedAction, Lockout } from '../auth-limits/service.ts';
import { requireSecurity, type AccountsDeps, type RequestContext, type SessionAdmin } from './deps.ts';
import { accountLockedMail } from './mails.ts';
import { CURRENT_PASSWORD_WRONG, TOTP_INVALID } from './messages.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

const LOCAL_ADDRESS = 'local';

type AccountOwner = { id: number; email: string };

export const attemptOf = (action: LimitedAction, account: string, context: RequestContext): Attempt => ({
  action,
  ip: context.ip ?? LOCAL_ADDRESS,
  account,
});

/**
 * Claims the attempt on the brute-force limits before its password or code is checked (issue 15:
 * attempts sent at once must not all reach the check). A refusal (429) records any lock it set
 * first. Without the security services (scripts) nothing is limited and there is no claim.
 */
export async function claimAttempt(
  deps: AccountsDeps,
  attempt: Attempt,
  admin?: AccountOwner,
): Promise<Claim | undefined> {
  if (!deps.security) return undefined;
  const outcome = await deps.security.limits.claim(attempt);
  if (outcome.allowed) return outcome.claim;
  await recordLocks(deps, attempt, admin, outcome.locks);
  throw outcome.refusal;
}

/** The attempt was not a failure (a right password or code): it does not count. */
export async function giveBack(deps: AccountsDeps, claim: Claim | undefined): Promise<void> {
  if (deps.security && claim) await deps.security.limits.giveBack(claim);
}

/**
 * Keeps a failed attempt counted, records it and any lock it caused, and tells the owner when their
 * whole account got locked (someone is trying their password from many places).
 */
export async function recordFailure(
  deps: AccountsDeps,
  claim: Claim | undefined,
  admin: AccountOwner | undefined,
  reason: string,
): Promise<void> {
  if (!deps.security || !claim) return;
  const { attempt } = claim;
  const locks = await deps.security.limits.failed(claim);
  await deps.security.audit.record({
    adminId: admin?.id ?? null,
    actor: attempt.account,
    action: attempt.action === 'login' ? AUDIT_ACTIONS.loginFailed : `${attempt.action}.failed`,
    ip: attempt.ip,
    detail: { reason },
  });
  await recordLocks(deps, attempt, admin, locks);
}

async function recordLocks(
  deps: AccountsDeps,
  attempt: Attempt,
  admin: AccountOwner | undefined,
  locks: Lockout[],
) {
  if (locks.length === 0) return;
  const sec = requireSecurity(deps);
  // A sign-in refused before its account was looked up: the record and the owner's e-mail need it.
  const owner =
    admin ?? (attempt.account ? await repo.findAdminByEmail(deps.db, attempt.account) : undefined);
  for (const lock of locks) {
    await sec.audit.record({
      adminId: owner?.id ?? null,
      actor: attempt.account,
      action: AUDIT_ACTIONS.lockout,
      ip: attempt.ip,
      detail: { scope: lock.scope, on: attempt.action, until: toIso(lock.until) },
    });
    if (lock.scope === 'account' && owner) {
      const mail = accountLockedMail({ to: owner.email, until: lock.until, publicUrl: sec.publicUrl });
      sec.background.run('account-locked mail', () => sec.mailer.send(mail));
    }
  }
}

/** Checks the admin's own password (and the limits on guessing it) before a sensitive change. */
export async function checkOwnPassword(
  deps: AccountsDeps,
  admin: SessionAdmin,
  password: string,
  action: LimitedAction,
  context: RequestContext,
) {
  requireSecurity(deps); // a password is never checked here without the limits on guessing it
  const claim = await claimAttempt(deps, attemptOf(action, admin.email, context), admin);
  const row = await repo.findAdminById(deps.db, admin.id);
  if (!row) {
    await giveBack(deps, claim);
    throw unauthorized();
  }
  if (!(await verifyPassword(row.password_hash, password))) {
    await recordFailure(deps, claim, admin, 'wrong password');
    // 400, not 401: the session is fine, and the clients treat 401 as "logged out".
    throw badRequest(CURRENT_PASSWORD_WRONG);
  }
  await giveBack(deps, claim);
  return row;
}

/** Checks a code from the admin's app (or a recovery code) before a 2FA change. */
export async function checkOwnCode(
  deps: AccountsDeps,
  admin: SessionAdmin,
  code: string,
  context: RequestContext,
) {
  const sec = requireSecurity(deps);
  const claim = await claimAttempt(deps, attemptOf('two-factor', admin.email, context), admin);
  const used = await sec.twoFactor.verify(admin.id, code);
  if (!used) {
    await recordFailure(deps, claim, admin, 'wrong 2FA code');
    throw badRequest(TOTP_INVALID);
  }
  await giveBack(deps, claim);
  if (used === 'recovery') await auditRecoveryCodeUse(deps, admin, context);
}

export async function auditRecoveryCodeUse(deps: AccountsDeps, admin: AccountOwner, context: RequestContext) {
  const sec = requireSecurity(deps);
  await sec.audit.record({
    adminId: admin.id,
    actor: admin.email,
    action: AUDIT_ACTIONS.recoveryCodeUsed,
    ip: context.ip ?? null,
    detail: { remaining: await sec.twoFactor.remainingRecoveryCodes(admin.id) },
  });
}

/** Records a change an admin made to their own account (password, 2FA). */
export function auditOwnChange(
  deps: AccountsDeps,
  admin: SessionAdmin,
  action: string,
  context: RequestContext,
  detail: Record<string, unknown> | null = null,
) {
  return requireSecurity(deps).audit.record({
    adminId: admin.id,
    actor: admin.email,
    action,
    ip: context.ip ?? null,
    targetId: admin.id,
    detail,
  });
}
