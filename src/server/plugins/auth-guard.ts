// The one guard on the admin API (DESIGN "Enforce auth once"): every route under /api/admin, and any
// route marked `config: { auth: 'admin' }` elsewhere, needs a valid bearer token unless it is marked
// `config: { public: true }` (login and password reset). Handlers never check tokens themselves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.ts';
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
  app.addHook('onRequest', async (request) => {
    if (!needsAdmin(request)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Please log in to continue');
    const admin = await accounts.authenticate(token);
    if (!admin) throw unauthorized('Your session has expired. Please log in again.');
    request.admin = admin;
  });
}

/** The authenticated admin of a guarded route. */
export function requireAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw unauthorized();
  return request.admin;
}
