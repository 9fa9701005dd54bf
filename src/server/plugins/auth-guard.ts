// The one guard on the admin API (docs/architecture.md#request-path): every route under /api/admin, and any
// route marked `config: { auth: 'admin' }` elsewhere, needs a valid bearer token unless it is marked
// `config: { public: true }` (login and password reset). Handlers never check tokens themselves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { SessionAdmin } from '../features/accounts/deps.ts';
import type { AccountsService } from '../features/accounts/service.ts';

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
    /**
     * Only this role may call the route. Checked with the token, before the request is validated, so
     * an admin without the role learns nothing from the route's validation errors (issue 15).
     */
    role?: 'superadmin';
  }
}

export const ADMIN_PREFIX = '/api/admin';

const underAdminPrefix = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);

/** The path of a request no route matched, read the way the router would: decoded, in any case. */
function requestedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}

const bearerToken = (request: FastifyRequest) =>
  /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec(request.headers.authorization ?? '')?.[1];

export interface AdminGate {
  /**
   * For an admin request: marks the answer `no-store` and, unless the route is public, returns the
   * check of the token (rejecting with the 401 or 403 to send). Undefined for any other request.
   */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined;
}

export function createAdminGate(accounts: Pick<AccountsService, 'authenticate'>): AdminGate {
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
    if (request.routeOptions.config.role === 'superadmin' && admin.role !== 'superadmin') {
      throw forbidden(SUPERADMIN_ONLY_DETAIL);
    }
  }

  return {
    check(request, reply) {
      const { config, url: pattern } = request.routeOptions;
      // Matched routes are judged by their pattern (immune to encoding tricks); paths no route matched
      // (and addresses the router refused) under the prefix are guarded too, so probing without a
      // token answers the same 401 everywhere and reveals nothing about which routes exist.
      const adminPath = underAdminPrefix(pattern ?? requestedPath(request.url));
      if (!adminPath && config.auth !== 'admin') return undefined;
      // Accounts, tokens, enquiries: nothing an admin route answers may be kept by a browser or proxy.
      reply.header('cache-control', 'no-store');
      return config.public ? undefined : admit(request);
    },
  };
}

export function registerAuthGuard(app: FastifyInstance, gate: AdminGate): void {
  app.decorateRequest('admin', null);
  // A callback hook so public requests (the hot path) pass without creating a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const admission = gate.check(request, reply);
    if (!admission) return done();
    admission.then(() => done(), done);
  });
}

export const FORCED_PASSWORD_CHANGE_DETAIL = 'You must change your password before you can continue';
const SUPERADMIN_ONLY_DETAIL = 'Only a superadmin can do this';

/** The authenticated admin of a guarded route. */
export function requireAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/**
 * The authenticated admin of a guarded route, who must be a superadmin. The route also declares
 * `config: { role: 'superadmin' }`, so the guard refuses others before validation; this narrows the type.
 */
export function requireSuperadmin(request: FastifyRequest): SessionAdmin {
  const admin = requireAdmin(request);
  if (admin.role !== 'superadmin') throw forbidden(SUPERADMIN_ONLY_DETAIL);
  return admin;
}
