import type { FastifyInstance } from 'fastify';

/** Headers every response carries; the upload route adds a sandbox CSP of its own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/admin')) reply.header('cache-control', 'no-store');
  });
}
