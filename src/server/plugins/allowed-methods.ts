// Which methods each path is served with, so that a known path asked with another method answers 405
// with an `Allow` header (RFC 9110 §15.5.6) rather than a 404 that says the path does not exist, or a
// 400 about a body nobody will read (issue 26, item 9; docs/decisions/0437). Fastify's router only
// tells us that nothing matched; this index says why. Every route counts, the API's and the pages',
// the calendar files and the uploaded images; any method counts, QUERY, TRACE and WebDAV's included.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#shared/errors.ts';

export interface AllowedMethods {
  /** The methods a path is served with, in a fixed order; empty when no route has the path. */
  of(path: string): string[];
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byMethodOrder = (a: string, b: string) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The router's reading of a pattern: `:name` is one non-empty segment, `*` the rest of the path. */
function patternRegExp(url: string): RegExp {
  const parts = url.split(/(:\w+|\*)/).map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith(':')) return '[^/]+';
    return escapeRegExp(part);
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** Records the method of every route as it is registered (HEAD included where Fastify adds it). */
export function registerAllowedMethods(app: FastifyInstance): AllowedMethods {
  const patterns = new Map<string, { matches: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', ({ method, url }) => {
    const entry = patterns.get(url) ?? { matches: patternRegExp(url), methods: new Set<string>() };
    for (const each of [method].flat()) entry.methods.add(each);
    patterns.set(url, entry);
  });
  return {
    of(path) {
      const methods = new Set<string>();
      for (const { matches, methods: served } of patterns.values())
        if (matches.test(path)) for (const method of served) methods.add(method);
      return [...methods].sort(byMethodOrder);
    },
  };
}

/**
 * Answers 405 to a request no route matched whose path is served with other methods. An `onRequest`
 * hook, so it answers before Fastify reads a body for the method (a QUERY without a content type is
 * otherwise a 400). Register after the admin guard: under /api/admin the token is checked first, so
 * an anonymous caller learns nothing about which paths exist.
 */
export function answerUnservedMethods(app: FastifyInstance, allowedMethods: AllowedMethods): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods.of(path);
    if (!allowed.length || allowed.includes(request.method)) return done();
    void reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({
        detail: `${request.method} is not allowed on ${path}; it answers ${allowed.join(', ')}`,
        code: ERROR_CODES.methodNotAllowed,
      });
  });
}
