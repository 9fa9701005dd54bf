// Records every successful admin write in the audit log from one hook, so features built later are
// covered without touching them (issue 3 "Audit log"). Routes that write a richer entry themselves
// (sign-in, password and 2FA changes) opt out with `config: { audit: false }`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditService } from '../features/audit/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the handler records its own audit entry. */
    audit?: false;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_IDS_RECORDED = 500;

/** Bulk calls send a plain array of ids (SPEC §7 enquiries bulk-delete); record which ones. */
function bodyIds(request: FastifyRequest): number[] | undefined {
  const body: unknown = request.body;
  if (!Array.isArray(body) || !body.every((id) => typeof id === 'number' || typeof id === 'string'))
    return undefined;
  return body.slice(0, MAX_IDS_RECORDED).map(Number).filter(Number.isFinite);
}

function paramId(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export function registerAuditTrail(app: FastifyInstance, audit: Pick<AuditService, 'record'>): void {
  // onSend (not onResponse): the entry is written before the client hears "success", so a client
  // that sees its change applied can always find it in the log.
  // A callback hook so the many requests that are not admin writes pass without creating a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const admin = request.admin;
    const isAdminWrite = admin && WRITE_METHODS.has(request.method) && reply.statusCode < 400;
    if (!isAdminWrite || request.routeOptions.config.audit === false) return done(null, payload);
    record(request, admin).then(() => done(null, payload), done);
  });

  async function record(request: FastifyRequest, admin: NonNullable<FastifyRequest['admin']>): Promise<void> {
    const ids = bodyIds(request);
    try {
      await audit.record({
        adminId: admin.id,
        actor: admin.email,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        method: request.method,
        route: request.routeOptions.url ?? null,
        targetId: paramId(request),
        ip: request.ip,
        detail: ids ? { ids } : null,
      });
    } catch (err) {
      // The change itself already happened; failing the response now would mislead the client.
      request.log.error({ err }, 'audit entry could not be written');
    }
  }
}
