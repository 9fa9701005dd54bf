// The one guard on the admin API (DESIGN "Enforce auth once"): every route under /api/admin, and any
// route marked `config: { auth: 'admin' }` elsewhere, needs a valid bearer token unless it is marked
// `config: { public: true }` (login and password reset). Handlers never check tokens themselves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { AccountsService, SessionAdmin } from '../features/accounts/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: SessionAdmin | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token even under /api/admin. */
    public?: boolean;
    /** Needs an admin token even outside /api/admin. */
    auth?: 'admin';
    /** Still reachable while the admin must change their password (change-password, logout, me). */
    allowDuringForcedPasswordChange?: boolean;
  }
}

export const ADMIN_PREFIX = '/api/admin';

function needsAdmin(request: FastifyRequest): boolean {
  const { config, url: pattern } = request.routeOptions;
  if (config.public) return false;
  if (config.auth === 'admin') return true;
  // Matched routes are judged by their pattern (immune to encoding tricks); unmatched paths under the
  // prefix also answer 401, so probing without a token reveals nothing about which routes exist.
  const path = pattern ?? request.url.split('?')[0]?.toLowerCase() ?? '';
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

const bearerToken = (request: FastifyRequest) =>
  /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec(request.headers.authorization ?? '')?.[1];

export function registerAuthGuard(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('admin', null);
  async function admit(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Please log in to continue');
    const admin = await accounts.authenticate(token);
    if (!admin) throw unauthorized('Your session has expired. Please log in again.');
    request.admin = admin;
    // A flagged account (new, or reset by someone else) may do nothing else until the password is
    // changed, so a temporary password handed over by e-mail or phone can't be used to run the site.
    if (admin.forcePasswordChange && !request.routeOptions.config.allowDuringForcedPasswordChange) {
      throw forbidden(FORCED_PASSWORD_CHANGE_DETAIL);
    }
  }
  // A callback hook so public requests (the hot path) pass without creating a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!needsAdmin(request)) return done();
    admit(request).then(() => done(), done);
  });
}

export const FORCED_PASSWORD_CHANGE_DETAIL = 'You must change your password before you can continue';

/** The authenticated admin of a guarded route. */
export function requireAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/** The authenticated admin of a guarded route, who must be a superadmin. */
export function requireSuperadmin(request: FastifyRequest): SessionAdmin {
  const admin = requireAdmin(request);
  if (admin.role !== 'superadmin') throw forbidden('Only a superadmin can do this');
  return admin;
}
