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

/**
 * Bulk calls send a plain array of ids (the enquiries' bulk delete); record which ones. Only a
 * write that succeeded is recorded, so the array passed its schema (at most 1,000 ids); the audit
 * service keeps the entry within its size cap.
 */
function bodyIds(request: FastifyRequest): number[] | undefined {
  const body: unknown = request.body;
  if (!Array.isArray(body) || !body.every((id) => typeof id === 'number' || typeof id === 'string'))
    return undefined;
  return body.map(Number).filter(Number.isFinite);
}

function paramId(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** Looks up what the admin calls an item, so the log keeps its name as it was (issue 16). */
export interface AuditTargets {
  /** The item's name before a DELETE removes it; null when the route names no item of ours. */
  nameOf(route: string, id: number): Promise<string | null>;
}

const NAME_FIELDS = ['name', 'title', 'client_name', 'username'] as const;

/** The created or changed item's id and name, read from the answer (content items, `{admin}`). */
function answeredItem(payload: unknown): { id: number | null; name: string | null } {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return { id: null, name: null };
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const item = (typeof body.admin === 'object' && body.admin !== null ? body.admin : body) as Record<
      string,
      unknown
    >;
    const name = NAME_FIELDS.map((field) => item[field]).find((value) => typeof value === 'string');
    return { id: typeof item.id === 'number' ? item.id : null, name: (name as string | undefined) ?? null };
  } catch {
    return { id: null, name: null };
  }
}

/**
 * What kind of change a PUT made, so "hid" and "edited" read differently: only `is_active` sent is
 * showing or hiding, only `order` is reordering, anything else an edit.
 */
function changeOf(request: FastifyRequest): string | null {
  if (request.method !== 'PUT' || typeof request.body !== 'object' || request.body === null) return null;
  const body = request.body as Record<string, unknown>;
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'is_active') return body.is_active ? 'shown' : 'hidden';
  if (keys.length === 1 && keys[0] === 'order') return 'reordered';
  return 'edited';
}

export function registerAuditTrail(
  app: FastifyInstance,
  audit: Pick<AuditService, 'record'>,
  targets: AuditTargets,
): void {
  // A deleted item's name must be read before the handler deletes it.
  const namesBeforeDelete = new WeakMap<FastifyRequest, string | null>();
  app.addHook('preHandler', (request, _reply, done) => {
    const id = paramId(request);
    const route = request.routeOptions.url;
    if (
      !request.admin ||
      request.method !== 'DELETE' ||
      !id ||
      !route ||
      request.routeOptions.config.audit === false
    )
      return done();
    targets.nameOf(route, Number(id)).then(
      (name) => {
        namesBeforeDelete.set(request, name);
        done();
      },
      // The log then says "an event" without its name; the deletion itself goes ahead.
      () => done(),
    );
  });

  // onSend (not onResponse): the entry is written before the client hears "success", so a client
  // that sees its change applied can always find it in the log.
  // A callback hook so the many requests that are not admin writes pass without creating a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const admin = request.admin;
    const isAdminWrite = admin && WRITE_METHODS.has(request.method) && reply.statusCode < 400;
    if (!isAdminWrite || request.routeOptions.config.audit === false) return done(null, payload);
    record(request, admin, payload).then(() => done(null, payload), done);
  });

  async function record(
    request: FastifyRequest,
    admin: NonNullable<FastifyRequest['admin']>,
    payload: unknown,
  ): Promise<void> {
    const ids = bodyIds(request);
    const answered = request.method === 'DELETE' ? { id: null, name: null } : answeredItem(payload);
    const name = namesBeforeDelete.get(request) ?? answered.name;
    const change = changeOf(request);
    const status =
      request.method === 'PATCH' ? (request.body as { status?: unknown } | null)?.status : undefined;
    const detail = {
      ...(ids ? { ids } : {}),
      ...(name ? { name } : {}),
      ...(change ? { change } : {}),
      ...(typeof status === 'string' ? { status } : {}),
    };
    try {
      await audit.record({
        adminId: admin.id,
        actor: admin.email,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        method: request.method,
        route: request.routeOptions.url ?? null,
        targetId: paramId(request) ?? answered.id,
        ip: request.ip,
        detail: Object.keys(detail).length > 0 ? detail : null,
      });
    } catch (err) {
      // The change itself already happened; failing the response now would mislead the client.
      request.log.error({ err }, 'audit entry could not be written');
    }
  }
}
