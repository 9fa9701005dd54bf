// Which methods each path is served with, so that a known path asked with another method answers 405
// with an `Allow` header (RFC 9110 §15.5.6) rather than a 404 that says the path does not exist, or a
// 400 about a body nobody will read (issue 26, item 9; docs/decisions/0437). Fastify's router only
// tells us that nothing matched; this index says why. Every route counts, the API's and the pages',
// the calendar files and the uploaded images; any method counts, QUERY, TRACE and WebDAV's included.
//
// A path is served by its most specific pattern, as the router reads it (a fixed word before a
// parameter, a parameter before `*`): `/api/admin/enquiries/bulk-delete` is that address, not an
// enquiry whose id is "bulk-delete". Fastify's router keeps one tree per method, so a PATCH there
// reaches `/api/admin/enquiries/:id` and would answer 400 about the id; the index answers 405 with
// the word's own methods instead (issue 35, item 8; docs/decisions/0463).
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#shared/errors.ts';

export interface AllowedMethods {
  /** The methods a path is served with, in a fixed order; empty when no route has the path. */
  of(path: string): string[];
  /** Whether the route registered as `pattern` is the one that serves `path` (none more specific). */
  serves(pattern: string, path: string): boolean;
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

/** Per segment: 2 a fixed word, 1 one with a parameter, 0 the rest of the path. */
const specificityOf = (url: string) =>
  url.split('/').map((segment) => (segment.includes('*') ? 0 : segment.includes(':') ? 1 : 2));

/** Positive when `a` is the more specific pattern: the first segment that differs decides. */
function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference) return difference;
  }
  return 0;
}

/**
 * Whether no path can match both patterns: neither ends in `*` and they differ in their number of
 * segments, or in a segment both spell out as a fixed word. Anything else may overlap.
 */
function disjoint(a: string, b: string): boolean {
  if (a.includes('*') || b.includes('*')) return false;
  const left = a.split('/');
  const right = b.split('/');
  if (left.length !== right.length) return true;
  return left.some((segment, i) => {
    const other = right[i]!;
    return !segment.includes(':') && !other.includes(':') && segment !== other;
  });
}

interface Pattern {
  url: string;
  matches: RegExp;
  specificity: number[];
  methods: Set<string>;
}

/** Records the method of every route as it is registered (HEAD included where Fastify adds it). */
export function registerAllowedMethods(app: FastifyInstance): AllowedMethods {
  const patterns = new Map<string, Pattern>();
  app.addHook('onRoute', ({ method, url }) => {
    const entry = patterns.get(url) ?? {
      url,
      matches: patternRegExp(url),
      specificity: specificityOf(url),
      methods: new Set<string>(),
    };
    for (const each of [method].flat()) entry.methods.add(each);
    patterns.set(url, entry);
  });
  /** The most specific patterns that match the path (several only when equally specific). */
  const servingPatterns = (path: string) => {
    let best: Pattern[] = [];
    for (const pattern of patterns.values()) {
      if (!pattern.matches.test(path)) continue;
      const order = best[0] ? compareSpecificity(pattern.specificity, best[0].specificity) : 1;
      if (order > 0) best = [pattern];
      else if (order === 0) best.push(pattern);
    }
    return best;
  };
  // Most routes have no more specific pattern that could match the same path (a fixed address has
  // none): known once all are registered, so their requests test no expression at all.
  const outranking = new Map<string, Pattern[]>();
  const moreSpecificThan = (url: string) => {
    let found = outranking.get(url);
    if (!found) {
      const own = specificityOf(url);
      found = [...patterns.values()].filter(
        (p) => compareSpecificity(p.specificity, own) > 0 && !disjoint(p.url, url),
      );
      outranking.set(url, found);
    }
    return found;
  };
  return {
    of(path) {
      const methods = new Set(servingPatterns(path).flatMap(({ methods: served }) => [...served]));
      return [...methods].sort(byMethodOrder);
    },
    serves: (pattern, path) => !moreSpecificThan(pattern).some(({ matches }) => matches.test(path)),
  };
}

/**
 * Answers 405 to a request whose path is served with other methods: no route matched, or only a
 * less specific one did (a word taken for a parameter). An `onRequest` hook, so it answers before
 * Fastify reads a body for the method (a QUERY without a content type is otherwise a 400). Register
 * after the admin guard: under /api/admin the token is checked first, so an anonymous caller learns
 * nothing about which paths exist.
 */
export function answerUnservedMethods(app: FastifyInstance, allowedMethods: AllowedMethods): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    const pattern = request.is404 ? undefined : request.routeOptions.url;
    if (pattern !== undefined && allowedMethods.serves(pattern, path)) return done();
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
