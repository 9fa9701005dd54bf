import type { AdminRole } from '#shared/constants.ts';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailRoute } from '../../mail/failures.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuditService } from '../audit/service.ts';
import type { AuthLimitsService } from '../auth-limits/service.ts';
import type { TwoFactorService } from '../two-factor/service.ts';

/** What the security parts of the service need; scripts that only create accounts may omit it. */
export interface AccountSecurityDeps {
  twoFactor: TwoFactorService;
  limits: AuthLimitsService;
  audit: AuditService;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  /** Where mail goes now, to explain a failed invitation in the owner's words. */
  mailRoute?: () => Promise<MailRoute>;
  /** The business's trading name, for the invitation e-mail. */
  businessName?: () => Promise<string>;
}

/** What every accounts function is given first. */
export interface AccountsDeps {
  db: Db;
  clock: Clock;
  security?: AccountSecurityDeps;
}

/** Where a request came from; services call without one (harness, shell) count as one local address. */
export interface RequestContext {
  ip?: string;
}

/** Who is making an authenticated request. */
export interface SessionAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  forcePasswordChange: boolean;
  sessionId: number;
}

export function requireSecurity(deps: AccountsDeps): AccountSecurityDeps {
  if (!deps.security) throw new Error('account security services are not configured');
  return deps.security;
}
