// Which methods each API path answers, so that a known /api path asked with another method answers
// 405 with an `Allow` header (RFC 9110 §15.5.6) rather than a 404 that says the path does not exist.
// Fastify's router only tells us that nothing matched; the not-found handler asks this index why.
import type { FastifyInstance } from 'fastify';

export interface AllowedMethods {
  /** The methods a path is served with, in a fixed order; empty when no API route has the path. */
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

/** Records the method of every /api route as it is registered (HEAD included where Fastify adds it). */
export function registerAllowedMethods(app: FastifyInstance): AllowedMethods {
  const patterns = new Map<string, { matches: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', ({ method, url }) => {
    if (!url.startsWith('/api/')) return;
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
