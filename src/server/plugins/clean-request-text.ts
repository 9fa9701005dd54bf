// One cleaning step at the edge for every text a request can carry into a table (issue 15;
// docs/security.md#request-text). PostgreSQL refuses NUL in text, and one refused row used to stop a whole
// analytics batch; a lone UTF-16 surrogate cannot be encoded at all. So before any handler runs:
//   - body strings lose NUL and the other control characters, keeping tabs and line breaks (a
//     message's layout is its writer's), and lone surrogates become U+FFFD;
//   - query values, cookie values and the free-text headers stored with events lose every control
//     character, and the headers are cut to a length no real client sends;
//   - X-Forwarded-For keeps only its trailing well-formed addresses, so `request.ip` (a rate-limit
//     key, an audit column) is always an address.
// Storage code may then assume clean text; the analytics writer still survives a row it refuses.
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storableText } from '#shared/control-characters.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's schema refuses control characters itself (a 400 naming the field, e.g. a
     * cancellation's reason, docs/decisions/0475), so they are left for it to see rather than
     * silently removed here: the owner learns their text was not taken as typed.
     */
    refusesControlCharacters?: boolean;
  }
}

/** Longer than any real browser's user agent or referring address; a header is cut, never refused. */
export const HEADER_TEXT_MAX = 2048;
/** The free-text headers whose values reach tables (events keep the user agent and the referrer). */
const STORED_HEADERS = ['user-agent', 'referer'] as const;
/** Browsers cap a cookie at 4096 bytes; nothing of ours is longer. */
const COOKIE_MAX = 4096;

/** `root` with every string inside it made storable; objects and arrays are changed in place. */
export function cleanBody<T>(root: T): T {
  if (typeof root === 'string') return storableText(root, true) as T;
  // A loop, not recursion: a 1 MB body may nest arrays hundreds of thousands deep.
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const item = container[key];
      if (typeof item === 'string') {
        const clean = storableText(item, true);
        if (clean !== item) container[key] = clean;
      } else if (item !== null && typeof item === 'object') {
        pending.push(item);
      }
    }
  }
  return root;
}

/** Each value of a flat record (query, cookies) made storable and at most `max` long, in place. */
function cleanValues(record: Record<string, unknown>, max = Infinity): void {
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'string') record[key] = storableText(value).slice(0, max);
    else if (Array.isArray(value)) {
      record[key] = value.map((item) => (typeof item === 'string' ? storableText(item).slice(0, max) : item));
    }
  }
}

/**
 * The forwarded chain without anything left of its last malformed entry. The trusted hops are on the
 * right (each proxy appends the address it saw), so a well-formed chain is kept whole; a malformed
 * entry can only come from a client, and everything it could hide behind goes with it.
 */
export function wellFormedForwardedFor(header: string): string {
  const entries = header.split(',').map((entry) => entry.trim());
  let first = entries.length;
  while (first > 0 && ipaddr.isValid(entries[first - 1]!)) first -= 1;
  return entries.slice(first).join(', ');
}

function cleanHeaders(request: FastifyRequest, trustsProxy: boolean): void {
  const headers = request.raw.headers;
  for (const name of STORED_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') headers[name] = storableText(value).slice(0, HEADER_TEXT_MAX);
  }
  const forwarded = headers['x-forwarded-for'];
  if (trustsProxy && forwarded !== undefined) {
    const kept = wellFormedForwardedFor(Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
    if (kept) headers['x-forwarded-for'] = kept;
    else delete headers['x-forwarded-for'];
  }
}

export function registerRequestTextCleaning(app: FastifyInstance, options: { trustsProxy: boolean }): void {
  // Headers first, before any route's own onRequest hook reads request.ip or the user agent.
  app.addHook('onRequest', (request, _reply, done) => {
    cleanHeaders(request, options.trustsProxy);
    done();
  });
  // Cookies are parsed by @fastify/cookie's onRequest hook, so these wait until just before validation.
  // A callback hook: requests without a body (most of them) pass without creating a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const refuses = request.routeOptions.config.refusesControlCharacters === true;
    if (request.body !== undefined && !refuses) request.body = cleanBody(request.body);
    if (request.query && typeof request.query === 'object' && !refuses) {
      cleanValues(request.query as Record<string, unknown>);
    }
    if (request.cookies) cleanValues(request.cookies, COOKIE_MAX);
    done();
  });
}
