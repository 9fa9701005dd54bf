// PostgreSQL cannot store the NUL character (U+0000) in text, nor compare text with it: a testimonial
// or a sign-in e-mail carrying one answered 500 there while SQLite stored it (found by the route
// fuzzer, docs/decisions/0404). Nobody types a NUL, so it is removed from every string of a request
// body before validation — the same on both databases. Visitor forms also remove the other control
// characters (src/shared/control-characters.ts). Query strings and paths need nothing here: their
// schemas accept only ids, e-mail addresses and fixed values, which never contain a NUL.
import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

/** `root` with NUL removed from every string inside it; objects and arrays are changed in place. */
export function withoutNul<T>(root: T): T {
  if (typeof root === 'string') return root.replaceAll(NUL, '') as T;
  // A loop, not recursion: a 1 MB body may nest arrays hundreds of thousands deep.
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const item = container[key];
      if (typeof item === 'string') {
        if (item.includes(NUL)) container[key] = item.replaceAll(NUL, '');
      } else if (item !== null && typeof item === 'object') {
        pending.push(item);
      }
    }
  }
  return root;
}

export function registerNulStripping(app: FastifyInstance): void {
  // A callback hook: requests without a body (most of them) pass without creating a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined) request.body = withoutNul(request.body);
    done();
  });
}
