// The one way a cached answer (a rendered page, a public content list) is sent, whether the fast lane
// answers it before Fastify or the Fastify route does after filling the cache (issue 20): encoding
// choice, ETag and 304, HEAD, and the full header set including the route's security headers. Both
// write the very same bytes, so a visitor cannot tell which one answered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodedBytes, pickEncoding, type CompressedBody, type Encoding } from './compressed-body.ts';

/** A header set as Node's raw form, name and value alternating, for `writeHead`. */
type RawHeaders = readonly string[];

interface HeaderPair {
  ok: RawHeaders;
  /** The same without content-length, for 304 answers. */
  notModified: RawHeaders;
}

/** The full header set of a cached body in one encoding. */
export type AnswerHeaders = (body: CompressedBody, encoding: Encoding) => HeaderPair;

const raw = (headers: Record<string, string>): RawHeaders => Object.entries(headers).flat();

/**
 * Builds each body's headers once per encoding (security headers first, then the body's own): a body
 * is replaced, never changed, so its headers can be kept beside it and the hot path only looks them up.
 */
export function answerHeaders(
  security: Readonly<Record<string, string>>,
  build: (body: CompressedBody, encoding: Encoding) => Record<string, string>,
): AnswerHeaders {
  const cache = new WeakMap<CompressedBody, Partial<Record<Encoding, HeaderPair>>>();
  return (body, encoding) => {
    let byEncoding = cache.get(body);
    if (!byEncoding) cache.set(body, (byEncoding = {}));
    return (byEncoding[encoding] ??= (() => {
      const headers = { ...security, ...build(body, encoding) };
      return {
        ok: raw({ ...headers, 'content-length': String(encodedBytes(body, encoding).length) }),
        notModified: raw(headers),
      };
    })());
  };
}

/** What was sent, for the access log and the metrics. */
export interface SentAnswer {
  status: number;
  bytes: number;
}

/** Sends `body` (or a 304, or only the headers for HEAD) with this answer's request id. */
export function sendCachedAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: CompressedBody,
  headersFor: AnswerHeaders,
  requestId: string,
): SentAnswer {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const headers = headersFor(body, encoding);
  // The cached list plus this answer's id, appended to a copy: cheaper than spreading an object.
  const id = ['x-request-id', requestId];
  if (request.headers['if-none-match'] === body.etag) {
    response.writeHead(304, headers.notModified.concat(id)).end();
    return { status: 304, bytes: 0 };
  }
  response.writeHead(status, headers.ok.concat(id));
  if (request.method === 'HEAD') {
    response.end();
    return { status, bytes: 0 };
  }
  const bytes = encodedBytes(body, encoding);
  response.end(bytes);
  return { status, bytes: bytes.length };
}
