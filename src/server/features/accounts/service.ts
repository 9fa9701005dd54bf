// Admin accounts and their sessions: login (with the second factor and brute-force limits), bearer-
// token checks, password changes, 2FA enrolment, and the rules for who may create or delete whom
// (SPEC §6, DESIGN "Roles" and decision 5, issue 3).
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS, type AdminRole } from '#shared/constants.ts';
import type { AdminUser, CreateAdminRequest, CurrentAdmin } from '#shared/schemas/accounts.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import { toIso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AUDIT_ACTIONS, type AuditService } from '../audit/service.ts';
import type { Attempt, AuthLimitsService, Claim, LimitedAction, Lockout } from '../auth-limits/service.ts';
import type { TwoFactorService } from '../two-factor/service.ts';
import { accountLockedMail } from './mails.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
// SPEC §6: the login screen shows its code field when the error contains "2FA".
export const TOTP_REQUIRED = '2FA code required: enter the 6-digit code from your authenticator app';
export const TOTP_INVALID = 'Invalid 2FA code';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';

/** What the security parts of the service need; scripts that only create accounts may omit it. */
export interface AccountSecurityDeps {
  twoFactor: TwoFactorService;
  limits: AuthLimitsService;
  audit: AuditService;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
}

/** Where a request came from; services call without one (harness, shell) count as one local address. */
export interface RequestContext {
  ip?: string;
}
const LOCAL_ADDRESS = 'local';

/** Who is making an authenticated request. */
export interface SessionAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  forcePasswordChange: boolean;
  sessionId: number;
}

// Writing last_seen_at on every request would turn every admin read into a write; a minute of
// slack on a 30-minute idle timeout is harmless.
const TOUCH_INTERVAL_MS = 60 * 1000;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function toAdminUser(row: {
  id: number;
  username: string;
  email: string;
  role: string;
  force_password_change: number;
  created_at: number;
}): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role === 'superadmin' ? 'superadmin' : 'admin',
    force_password_change: row.force_password_change === 1,
    created_at: toIso(row.created_at),
  };
}

export function createAccountsService(db: Db, clock: Clock, security?: AccountSecurityDeps) {
  async function startSession(adminId: number): Promise<string> {
    const token = newToken();
    await repo.insertSession(db, adminId, hashToken(token), clock.now());
    return token;
  }

  function requireSecurity(): AccountSecurityDeps {
    if (!security) throw new Error('account security services are not configured');
    return security;
  }

  /** Records a change an admin made to their own account (password, 2FA). */
  function auditOwnChange(
    admin: SessionAdmin,
    action: string,
    context: RequestContext,
    detail: Record<string, unknown> | null = null,
  ) {
    return requireSecurity().audit.record({
      adminId: admin.id,
      actor: admin.email,
      action,
      ip: context.ip ?? null,
      targetId: admin.id,
      detail,
    });
  }

  /**
   * Claims the attempt on the brute-force limits before its password or code is checked (issue 15:
   * attempts sent at once must not all reach the check). A refusal (429) records any lock it set
   * first. Without the security services (scripts) nothing is limited and there is no claim.
   */
  async function claimAttempt(
    attempt: Attempt,
    admin?: { id: number; email: string },
  ): Promise<Claim | undefined> {
    if (!security) return undefined;
    const outcome = await security.limits.claim(attempt);
    if (outcome.allowed) return outcome.claim;
    await recordLocks(attempt, admin, outcome.locks);
    throw outcome.refusal;
  }

  /** The attempt was not a failure (a right password or code): it does not count. */
  async function giveBack(claim: Claim | undefined): Promise<void> {
    if (security && claim) await security.limits.giveBack(claim);
  }

  /**
   * Keeps a failed attempt counted, records it and any lock it caused, and tells the owner when their
   * whole account got locked (someone is trying their password from many places).
   */
  async function fail(
    claim: Claim | undefined,
    admin: { id: number; email: string } | undefined,
    reason: string,
  ): Promise<void> {
    if (!security || !claim) return;
    const { attempt } = claim;
    const locks = await security.limits.failed(claim);
    await security.audit.record({
      adminId: admin?.id ?? null,
      actor: attempt.account,
      action: attempt.action === 'login' ? AUDIT_ACTIONS.loginFailed : `${attempt.action}.failed`,
      ip: attempt.ip,
      detail: { reason },
    });
    await recordLocks(attempt, admin, locks);
  }

  async function recordLocks(
    attempt: Attempt,
    admin: { id: number; email: string } | undefined,
    locks: Lockout[],
  ) {
    if (locks.length === 0) return;
    const sec = requireSecurity();
    // A sign-in refused before its account was looked up: the record and the owner's e-mail need it.
    const owner = admin ?? (attempt.account ? await repo.findAdminByEmail(db, attempt.account) : undefined);
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

  const attemptOf = (action: LimitedAction, account: string, context: RequestContext): Attempt => ({
    action,
    ip: context.ip ?? LOCAL_ADDRESS,
    account,
  });

  /** Checks the admin's own password (and the limits on guessing it) before a sensitive change. */
  async function checkOwnPassword(
    admin: SessionAdmin,
    password: string,
    action: LimitedAction,
    context: RequestContext,
  ) {
    requireSecurity(); // a password is never checked here without the limits on guessing it
    const claim = await claimAttempt(attemptOf(action, admin.email, context), admin);
    const row = await repo.findAdminById(db, admin.id);
    if (!row) {
      await giveBack(claim);
      throw unauthorized();
    }
    if (!(await verifyPassword(row.password_hash, password))) {
      await fail(claim, admin, 'wrong password');
      // 400, not 401: the session is fine, and the clients treat 401 as "logged out".
      throw badRequest(CURRENT_PASSWORD_WRONG);
    }
    await giveBack(claim);
    return row;
  }

  /** Checks a code from the admin's app (or a recovery code) before a 2FA change. */
  async function checkOwnCode(admin: SessionAdmin, code: string, context: RequestContext) {
    const sec = requireSecurity();
    const claim = await claimAttempt(attemptOf('two-factor', admin.email, context), admin);
    const used = await sec.twoFactor.verify(admin.id, code);
    if (!used) {
      await fail(claim, admin, 'wrong 2FA code');
      throw badRequest(TOTP_INVALID);
    }
    await giveBack(claim);
    if (used === 'recovery') await auditRecoveryCodeUse(admin, context);
  }

  async function auditRecoveryCodeUse(admin: { id: number; email: string }, context: RequestContext) {
    const sec = requireSecurity();
    await sec.audit.record({
      adminId: admin.id,
      actor: admin.email,
      action: AUDIT_ACTIONS.recoveryCodeUsed,
      ip: context.ip ?? null,
      detail: { remaining: await sec.twoFactor.remainingRecoveryCodes(admin.id) },
    });
  }

  return {
    /**
     * Signs in. `totpCode` is the 6-digit code (or a recovery code) for admins with 2FA on. Every
     * failure counts towards the brute-force limits; while locked even the right password gets 429.
     */
    async login(
      email: string,
      password: string,
      context: RequestContext & { totpCode?: string | null } = {},
    ): Promise<{ access_token: string; force_password_change: boolean }> {
      const account = normaliseEmail(email);
      const attempt = attemptOf('login', account, context);
      const claim = await claimAttempt(attempt);
      const admin = await repo.findAdminByEmail(db, account);
      const ok = admin
        ? await verifyPassword(admin.password_hash, password)
        : await verifyAgainstNothing(password);
      if (!admin || !ok) {
        await fail(claim, admin, admin ? 'wrong password' : 'unknown account');
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (security && (await security.twoFactor.isEnabled(admin.id))) {
        const code = context.totpCode?.trim() ?? '';
        // Asking for the code is not a failure: the password was right, and the screen needs to ask.
        if (code === '') {
          await giveBack(claim);
          throw unauthorized(TOTP_REQUIRED);
        }
        const used = await security.twoFactor.verify(admin.id, code);
        if (!used) {
          await fail(claim, admin, 'wrong 2FA code');
          throw unauthorized(TOTP_INVALID);
        }
        if (used === 'recovery') await auditRecoveryCodeUse(admin, context);
      }
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
        access_token: await startSession(admin.id),
        force_password_change: admin.force_password_change === 1,
      };
    },

    /** The admin behind a bearer token, or undefined when the token is unknown, idle too long or too old. */
    async authenticate(token: string): Promise<SessionAdmin | undefined> {
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
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        role: row.role === 'superadmin' ? 'superadmin' : 'admin',
        forcePasswordChange: row.force_password_change === 1,
        sessionId: row.session_id,
      };
    },

    logout: (sessionId: number) => repo.deleteSession(db, sessionId),

    async me(adminId: number): Promise<CurrentAdmin> {
      const admin = await repo.findAdminById(db, adminId);
      if (!admin) throw unauthorized();
      const twoFactorEnabled = security ? await security.twoFactor.isEnabled(adminId) : false;
      return {
        ...toAdminUser(admin),
        two_factor_enabled: twoFactorEnabled,
        recovery_codes_remaining:
          twoFactorEnabled && security ? await security.twoFactor.remainingRecoveryCodes(adminId) : 0,
      };
    },

    /** Changes the admin's own password: clears a forced change and signs out every other session. */
    async changePassword(
      admin: SessionAdmin,
      currentPassword: string,
      newPassword: string,
      context: RequestContext = {},
    ) {
      await checkOwnPassword(admin, currentPassword, 'change-password', context);
      assertAcceptablePassword(newPassword);
      if (newPassword === currentPassword)
        throw badRequest('Your new password must be different from the current one');
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.updatePassword(trx, admin.id, await hashPassword(newPassword), now);
        await repo.deleteOtherSessionsOfAdmin(trx, admin.id, admin.sessionId);
      });
      await auditOwnChange(
        admin,
        AUDIT_ACTIONS.passwordChanged,
        context,
        admin.forcePasswordChange ? { forced: true } : null,
      );
    },

    /** The account a reset e-mail should go to, if any (the caller must not reveal the answer). */
    async findForPasswordReset(email: string): Promise<{ id: number; email: string } | undefined> {
      const admin = await repo.findAdminByEmail(db, normaliseEmail(email));
      return admin ? { id: admin.id, email: admin.email } : undefined;
    },

    /**
     * Sets a password chosen through a reset link: signs out every session (whoever held them) and
     * leaves two-factor login as it was — a reset must never be a way around the second factor.
     */
    async completePasswordReset(adminId: number, newPassword: string): Promise<void> {
      assertAcceptablePassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.updatePassword(trx, adminId, passwordHash, now);
        await repo.deleteSessionsOfAdmin(trx, adminId);
      });
    },

    async beginTwoFactor(admin: SessionAdmin) {
      return requireSecurity().twoFactor.beginEnrolment(admin.id, admin.email);
    },

    /** Confirms enrolment with a code; returns the one-time recovery codes. */
    async enableTwoFactor(
      admin: SessionAdmin,
      code: string,
      context: RequestContext = {},
    ): Promise<string[]> {
      const sec = requireSecurity();
      const claim = await claimAttempt(attemptOf('two-factor', admin.email, context), admin);
      let codes: string[] | null;
      try {
        codes = await sec.twoFactor.confirmEnrolment(admin.id, code);
      } catch (error) {
        // Enrolment not started or already on: no code was checked.
        await giveBack(claim);
        throw error;
      }
      if (!codes) {
        await fail(claim, admin, 'wrong 2FA code at enrolment');
        throw badRequest(`${TOTP_INVALID}. Check that your phone's clock is right and try the next code.`);
      }
      await auditOwnChange(admin, AUDIT_ACTIONS.twoFactorEnabled, context);
      return codes;
    },

    /** Turning 2FA off needs both the password and a current code (or recovery code). */
    async disableTwoFactor(
      admin: SessionAdmin,
      password: string,
      code: string,
      context: RequestContext = {},
    ) {
      const sec = requireSecurity();
      if (!(await sec.twoFactor.isEnabled(admin.id))) throw conflict('Two-factor login is not on');
      await checkOwnPassword(admin, password, 'two-factor', context);
      await checkOwnCode(admin, code, context);
      await sec.twoFactor.disable(admin.id);
      await auditOwnChange(admin, AUDIT_ACTIONS.twoFactorDisabled, context);
    },

    /** Replaces all recovery codes (e.g. when few are left); needs a current code. */
    async regenerateRecoveryCodes(
      admin: SessionAdmin,
      code: string,
      context: RequestContext = {},
    ): Promise<string[]> {
      const sec = requireSecurity();
      if (!(await sec.twoFactor.isEnabled(admin.id))) throw conflict('Two-factor login is not on');
      await checkOwnCode(admin, code, context);
      const codes = await sec.twoFactor.regenerateRecoveryCodes(admin.id);
      await auditOwnChange(admin, AUDIT_ACTIONS.recoveryCodesRegenerated, context);
      return codes;
    },

    async list(): Promise<AdminUser[]> {
      return (await repo.listAdmins(db)).map(toAdminUser);
    },

    countAdmins: () => repo.countAdmins(db),

    /** An admin's username, for the audit log; null if the account is gone. */
    async usernameOf(id: number): Promise<string | null> {
      return (await repo.findAdminById(db, id))?.username ?? null;
    },

    /**
     * Creates an account. `actor` is the admin doing it (undefined from the shell or first run).
     * Accounts made by someone else must change their password at first login.
     */
    async create(
      actor: SessionAdmin | undefined,
      input: CreateAdminRequest,
      options: { forcePasswordChange: boolean },
    ): Promise<AdminUser> {
      if (actor && input.role === 'superadmin' && actor.role !== 'superadmin') {
        throw forbidden('Only a superadmin can create a superadmin');
      }
      // Accounts made in the admin screen get the same password rules as a change or reset.
      if (actor) assertAcceptablePassword(input.password);
      const email = normaliseEmail(input.email);
      const clash = await repo.findAdminByEmailOrUsername(db, email, input.username);
      if (clash) {
        throw conflict(
          clash.email === email
            ? 'An admin with this email already exists'
            : 'An admin with this username already exists',
        );
      }
      const now = clock.now();
      try {
        const row = await repo.insertAdmin(db, {
          username: input.username,
          email,
          password_hash: await hashPassword(input.password),
          role: input.role,
          force_password_change: options.forcePasswordChange ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        return toAdminUser(row);
      } catch (error) {
        // Two requests racing past the check above meet the unique index instead.
        if (/unique/i.test(String(error)))
          throw conflict('An admin with this email or username already exists');
        throw error;
      }
    },

    async remove(actor: SessionAdmin, id: number): Promise<AdminUser> {
      if (actor.id === id) throw forbidden('You cannot delete your own account');
      return db.transaction().execute(async (trx) => {
        const target = await repo.findAdminById(trx, id);
        if (!target) throw notFound('Admin user not found');
        if (target.role === 'superadmin') {
          if (actor.role !== 'superadmin') throw forbidden('Only a superadmin can delete a superadmin');
          if ((await repo.lockSuperadmins(trx)).length <= 1)
            throw forbidden('The last superadmin cannot be deleted');
        }
        // Sessions go with the account (the foreign key cascades too; this keeps it explicit).
        await repo.deleteSessionsOfAdmin(trx, id);
        await repo.deleteAdmin(trx, id);
        return toAdminUser(target);
      });
    },

    purgeExpiredSessions: () => {
      const now = clock.now();
      return repo.deleteExpiredSessions(db, now - SESSION_IDLE_TIMEOUT_MS, now - SESSION_ABSOLUTE_TIMEOUT_MS);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
