// An admin's own password change, and the password reset's account side (issue 3).
import { badRequest } from '../../lib/http-error.ts';
import { AUDIT_ACTIONS } from '../audit/service.ts';
import { normaliseEmail } from './admin-user.ts';
import { auditOwnChange, checkOwnPassword } from './attempts.ts';
import type { AccountsDeps, RequestContext, SessionAdmin } from './deps.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import * as repo from './repository.ts';

/** Changes the admin's own password: clears a forced change and signs out every other session. */
export async function changePassword(
  deps: AccountsDeps,
  admin: SessionAdmin,
  currentPassword: string,
  newPassword: string,
  context: RequestContext = {},
) {
  await checkOwnPassword(deps, admin, currentPassword, 'change-password', context);
  assertAcceptablePassword(newPassword);
  if (newPassword === currentPassword)
    throw badRequest('Your new password must be different from the current one');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, admin.id, await hashPassword(newPassword), now);
    await repo.deleteOtherSessionsOfAdmin(trx, admin.id, admin.sessionId);
  });
  await auditOwnChange(
    deps,
    admin,
    AUDIT_ACTIONS.passwordChanged,
    context,
    admin.forcePasswordChange ? { forced: true } : null,
  );
}

/** The account a reset e-mail should go to, if any (the caller must not reveal the answer). */
export async function findForPasswordReset(
  { db }: AccountsDeps,
  email: string,
): Promise<{ id: number; email: string } | undefined> {
  const admin = await repo.findAdminByEmail(db, normaliseEmail(email));
  return admin ? { id: admin.id, email: admin.email } : undefined;
}

/**
 * Sets a password chosen through a reset link: signs out every session (whoever held them) and
 * leaves two-factor login as it was — a reset must never be a way around the second factor.
 */
export async function completePasswordReset(
  { db, clock }: AccountsDeps,
  adminId: number,
  newPassword: string,
): Promise<void> {
  assertAcceptablePassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, adminId, passwordHash, now);
    await repo.deleteSessionsOfAdmin(trx, adminId);
  });
}
