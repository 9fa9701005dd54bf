// Password reset by e-mail (docs/product.md#password-reset). The request answers identically for known
// and unknown addresses: the limits are counted first (the same work either way), and everything
// that depends on whether the account exists — the lookup, the token, the e-mail — runs after the
// response, in the background. Links are built from PUBLIC_URL, never from request headers.
import { BUSINESS_NAME, RESET_LINK_EXPIRY_MS } from '#shared/constants.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import type { MailRoute } from '../../mail/failures.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { assertAcceptablePassword } from '../accounts/password-policy.ts';
import { AUDIT_ACTIONS, type AuditService } from '../audit/service.ts';
import type { Attempt, AuthLimitsService } from '../auth-limits/service.ts';
import { passwordResetMail } from './mails.ts';
import * as repo from './repository.ts';

// The forgot-password screen says the same thing whether or not an account exists.
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail address, we have sent a link to reset the password. The link expires in 1 hour.';
export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please request a new password reset.';

export interface PasswordResetDeps {
  accounts: AccountsService;
  limits: AuthLimitsService;
  audit: AuditService;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  businessName?: () => Promise<string>;
  /** Where mail goes now: the screen warns while the link can only be saved as a file. */
  mailRoute?: () => Promise<MailRoute>;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createPasswordResetService(db: Db, clock: Clock, deps: PasswordResetDeps) {
  const { accounts, limits, audit, mailer, background } = deps;

  async function sendResetLink(email: string, ip: string): Promise<void> {
    const admin = await accounts.findForPasswordReset(email);
    if (!admin) return;
    const token = newToken();
    const now = clock.now();
    await repo.replaceResetToken(db, admin.id, hashToken(token), now, now + RESET_LINK_EXPIRY_MS);
    const link = `${deps.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
    const businessName = deps.businessName
      ? await deps.businessName().catch(() => BUSINESS_NAME)
      : BUSINESS_NAME;
    await audit.record({
      adminId: admin.id,
      actor: admin.email,
      action: AUDIT_ACTIONS.passwordResetRequested,
      ip,
      targetId: admin.id,
    });
    await mailer.send(passwordResetMail({ to: admin.email, link, businessName }));
  }

  return {
    /** Always the same answer; a real account gets an e-mail shortly after. */
    async request(email: string, ip: string): Promise<string> {
      const attempt: Attempt = { action: 'password-reset-request', ip, account: normaliseEmail(email) };
      // Every request counts, for known and unknown addresses alike, and is never given back: it caps
      // the e-mails one address can trigger (claimed before any is sent, so requests sent at once
      // cannot outrun it), and a lock looks the same whether or not the account exists.
      await limits.failed(await limits.claimOrRefuse(attempt));
      background.run('password reset e-mail', () => sendResetLink(attempt.account, ip));
      return RESET_REQUESTED_MESSAGE;
    },

    /**
     * Whether reset links can leave the server now, or are only saved as files (issue 28). The
     * same for every address, so it tells nobody whether an account exists.
     */
    async mailDelivery(): Promise<'smtp' | 'outbox'> {
      return deps.mailRoute ? (await deps.mailRoute()).transport : 'smtp';
    },

    /** Sets the new password if the token is valid, unused and unexpired; does not sign anyone in. */
    async confirm(token: string, newPassword: string, ip: string): Promise<void> {
      const claim = await limits.claimOrRefuse({ action: 'password-reset-confirm', ip, account: '' });
      const now = clock.now();
      const row = await repo.findResetToken(db, hashToken(token));
      if (!row || row.used_at !== null || row.expires_at <= now) {
        await limits.failed(claim);
        throw badRequest(RESET_LINK_INVALID);
      }
      // A real token is not a guess, whatever happens to the request next.
      await limits.giveBack(claim);
      // Checked before the token is spent, so a rejected password doesn't cost the admin their link.
      assertAcceptablePassword(newPassword);
      if (!(await repo.consumeResetToken(db, row.id, now))) throw badRequest(RESET_LINK_INVALID);
      await accounts.completePasswordReset(row.admin_id, newPassword);
      await repo.deleteResetTokensOfAdmin(db, row.admin_id);
      const admin = await accounts.me(row.admin_id);
      await audit.record({
        adminId: admin.id,
        actor: admin.email,
        action: AUDIT_ACTIONS.passwordReset,
        ip,
        targetId: admin.id,
      });
    },

    /** Lets tests and shutdown wait for e-mails still being sent. */
    settled: () => background.settled(),

    purgeExpired: () => repo.deleteSpentResetTokens(db, clock.now()),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
