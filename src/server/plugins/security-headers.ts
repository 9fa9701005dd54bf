import type { FastifyInstance } from 'fastify';

export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

/** Headers every response carries (set up front, so error replies have them too). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: this runs on every request, including the hot public reads.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(COMMON_HEADERS).header('x-request-id', request.id);
    if (request.url.startsWith('/api/admin')) reply.header('cache-control', 'no-store');
    done();
  });
}
