// Admin accounts and their sessions: login (with the second factor and brute-force limits), bearer-
// token checks, password changes, 2FA enrolment, and the rules for who may create or delete whom
// (docs/product.md#roles and docs/product.md#sign-in, issue 3). The rules live in the named functions of this
// folder; the service binds them to their dependencies (decision 0425).
import type { Db } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { countAdmins, createAdmin, listAdmins, me, removeAdmin, usernameOf } from './admins.ts';
import type { AccountSecurityDeps } from './deps.ts';
import { inviteAdmin } from './invitation.ts';
import { changePassword, completePasswordReset, findForPasswordReset } from './password-changes.ts';
import { authenticate, login, logout, purgeExpiredSessions } from './sessions.ts';
import {
  beginTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
} from './two-factor-settings.ts';

export function createAccountsService(db: Db, clock: Clock, security?: AccountSecurityDeps) {
  const bind = bindDeps({ db, clock, security });
  return {
    login: bind(login),
    authenticate: bind(authenticate),
    logout: bind(logout),
    me: bind(me),
    changePassword: bind(changePassword),
    findForPasswordReset: bind(findForPasswordReset),
    completePasswordReset: bind(completePasswordReset),
    beginTwoFactor: bind(beginTwoFactor),
    enableTwoFactor: bind(enableTwoFactor),
    disableTwoFactor: bind(disableTwoFactor),
    regenerateRecoveryCodes: bind(regenerateRecoveryCodes),
    list: bind(listAdmins),
    countAdmins: bind(countAdmins),
    usernameOf: bind(usernameOf),
    create: bind(createAdmin),
    invite: bind(inviteAdmin),
    remove: bind(removeAdmin),
    purgeExpiredSessions: bind(purgeExpiredSessions),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
