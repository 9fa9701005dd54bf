// Signing in and out, and the bearer-token sessions behind every admin request
// (docs/product.md#sign-in).
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '#shared/constants.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { AUDIT_ACTIONS } from '../audit/service.ts';
import type { Claim } from '../auth-limits/service.ts';
import { normaliseEmail, toAdminUser } from './admin-user.ts';
import { attemptOf, auditRecoveryCodeUse, claimAttempt, giveBack, recordFailure } from './attempts.ts';
import type { AccountsDeps, RequestContext, SessionAdmin } from './deps.ts';
import { INVALID_CREDENTIALS, TOTP_INVALID, TOTP_REQUIRED } from './messages.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import type { AdminRow } from './repository.ts';

// Writing last_seen_at on every request would turn every admin read into a write; a minute of
// slack on a 30-minute idle timeout is harmless.
const TOUCH_INTERVAL_MS = 60 * 1000;

async function startSession({ db, clock }: AccountsDeps, adminId: number): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, adminId, hashToken(token), clock.now());
  return token;
}

/**
 * Signs in. `totpCode` is the 6-digit code (or a recovery code) for admins with 2FA on. Every
 * failure counts towards the brute-force limits; while locked even the right password gets 429.
 */
export async function login(
  deps: AccountsDeps,
  email: string,
  password: string,
  context: RequestContext & { totpCode?: string | null } = {},
): Promise<{ access_token: string; force_password_change: boolean }> {
  const { security } = deps;
  const account = normaliseEmail(email);
  const attempt = attemptOf('login', account, context);
  const claim = await claimAttempt(deps, attempt);
  const admin = await repo.findAdminByEmail(deps.db, account);
  const ok = admin
    ? await verifyPassword(admin.password_hash, password)
    : await verifyAgainstNothing(password);
  if (!admin || !ok) {
    await recordFailure(deps, claim, admin, admin ? 'wrong password' : 'unknown account');
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await checkLoginCode(deps, admin, claim, context);
  if (security && claim) {
    await security.limits.succeeded(claim);
    await security.audit.record({
      adminId: admin.id,
      actor: admin.email,
      action: AUDIT_ACTIONS.login,
      ip: attempt.ip,
    });
  }
  return {
    access_token: await startSession(deps, admin.id),
    force_password_change: admin.force_password_change === 1,
  };
}

/** The second factor of a sign-in whose password was right, for admins with 2FA on. */
async function checkLoginCode(
  deps: AccountsDeps,
  admin: AdminRow,
  claim: Claim | undefined,
  context: RequestContext & { totpCode?: string | null },
): Promise<void> {
  const { security } = deps;
  if (!security || !(await security.twoFactor.isEnabled(admin.id))) return;
  const code = context.totpCode?.trim() ?? '';
  // Asking for the code is not a failure: the password was right, and the screen needs to ask.
  if (code === '') {
    await giveBack(deps, claim);
    throw unauthorized(TOTP_REQUIRED);
  }
  const used = await security.twoFactor.verify(admin.id, code);
  if (!used) {
    await recordFailure(deps, claim, admin, 'wrong 2FA code');
    throw unauthorized(TOTP_INVALID);
  }
  if (used === 'recovery') await auditRecoveryCodeUse(deps, admin, context);
}

/** The admin behind a bearer token, or undefined when the token is unknown, idle too long or too old. */
export async function authenticate(
  { db, clock }: AccountsDeps,
  token: string,
): Promise<SessionAdmin | undefined> {
  const row = await repo.findSessionWithAdmin(db, hashToken(token));
  if (!row) return undefined;
  const now = clock.now();
  if (
    now - row.last_seen_at > SESSION_IDLE_TIMEOUT_MS ||
    now - row.session_created_at > SESSION_ABSOLUTE_TIMEOUT_MS
  ) {
    await repo.deleteSession(db, row.session_id);
    return undefined;
  }
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) await repo.touchSession(db, row.session_id, now);
  const { id, username, email, role, force_password_change } = toAdminUser(row);
  return { id, username, email, role, forcePasswordChange: force_password_change, sessionId: row.session_id };
}

export const logout = ({ db }: AccountsDeps, sessionId: number) => repo.deleteSession(db, sessionId);

export function purgeExpiredSessions({ db, clock }: AccountsDeps) {
  const now = clock.now();
  return repo.deleteExpiredSessions(db, now - SESSION_IDLE_TIMEOUT_MS, now - SESSION_ABSOLUTE_TIMEOUT_MS);
}
