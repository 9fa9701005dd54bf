// The public pages and content lists are what every visit asks for. Each is declared once here as a
// cached route: the Fastify route answers it when the cache is cold (and fills it), and while the
// answer is in memory the fast lane answers it on the raw Node request, before Fastify's routing and
// hooks. Both send through one function (lib/cached-answer.ts) with the route's own security headers,
// so the bytes are the same; only x-request-id differs, as it does between any two requests. The lane
// logs and counts its answers like Fastify's (observability/answers.ts), turns its own failures into
// the {detail, code} envelope, and from the first moment of shutdown answers every new request 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '#shared/errors.ts';
import {
  answerHeaders,
  sendCachedAnswer,
  type AnswerHeaders,
  type SentAnswer,
} from '../lib/cached-answer.ts';
import { clientAddress, type TrustsHop } from '../lib/client-address.ts';
import { redactUrl } from '../lib/redact-query.ts';
import type { CompressedBody, Encoding } from '../lib/compressed-body.ts';
import { requestId } from '../lib/request-id.ts';
import type { AnswerObserver } from '../observability/answer.ts';
import type { SecurityHeaders, SecurityHeaderSet } from './security-headers.ts';

/** A cached body and the status it is sent with (a page may be the 404 page). */
export interface CachedBody extends CompressedBody {
  status?: number;
}

export interface CachedRoute {
  path: string;
  /** The answer's content type without parameters, for the OpenAPI document. */
  type: string;
  securityHeaders: SecurityHeaderSet;
  /** The answer while it is in memory and fresh; the lane answers only then. */
  peek(): CachedBody | undefined;
  /** The answer, rendering or reading it when the cache is cold. */
  load(): Promise<CachedBody>;
  /** The body's own headers (type, caching, encoding, ETag); security headers are added. */
  headers(body: CachedBody, encoding: Encoding): Record<string, string>;
}

/** Returns true when it answered the request. */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FastLaneOptions {
  security: SecurityHeaders;
  observe: AnswerObserver;
  trustsHop: TrustsHop;
  log: { error(obj: object, msg: string): void };
}

/** Each route's header sets, built once per body and encoding. */
export function headerSetsOf(
  security: SecurityHeaders,
  routes: CachedRoute[],
): Map<CachedRoute, AnswerHeaders> {
  return new Map(
    routes.map((route) => [route, answerHeaders(security[route.securityHeaders], route.headers)]),
  );
}

/**
 * Sends a cached body from a Fastify handler through the same function as the lane. The reply is
 * hijacked, so Fastify adds nothing of its own; its onResponse hook (the access log) still runs.
 */
export function replyCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  headers: AnswerHeaders,
): void {
  reply.hijack();
  const sent = sendCachedAnswer(request.raw, reply.raw, body.status ?? 200, body, headers, request.id);
  bytesSent.set(reply.raw, sent.bytes);
}

/** Bytes of the body a hijacked reply sent (Fastify cannot see them), for the access log. */
export const bytesSent = new WeakMap<ServerResponse, number>();

/** Cached answers carry an ETag (lib/cached-answer.ts), for the OpenAPI document. */
export const CACHED_ANSWERS = { 304: 'Not modified: the `If-None-Match` ETag is current' };

export function registerCachedRoutes(
  app: FastifyInstance,
  routes: CachedRoute[],
  headerSets: Map<CachedRoute, AnswerHeaders>,
): void {
  for (const route of routes) {
    app.get(
      route.path,
      {
        config: {
          public: true,
          securityHeaders: route.securityHeaders,
          answers: CACHED_ANSWERS,
          answerTypes: { 200: [route.type] },
        },
      },
      async (request, reply) => replyCached(request, reply, await route.load(), headerSets.get(route)!),
    );
  }
}

const SHUTTING_DOWN = JSON.stringify({
  detail: 'This server is restarting; please try again in a moment',
  code: ERROR_CODES.unavailable,
});
const LANE_FAILED = JSON.stringify({
  detail: 'Something went wrong on our side',
  code: ERROR_CODES.internal,
});

export function createFastLane(
  routes: CachedRoute[],
  headerSets: Map<CachedRoute, AnswerHeaders>,
  options: FastLaneOptions,
): { lane: FastLane; shutDown(): void } {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const errorHeaders = Object.entries(options.security.api).flat();
  let closing = false;

  const observe = (request: IncomingMessage, id: string, route: string, sent: SentAnswer, started: number) =>
    options.observe({
      id,
      method: request.method ?? '',
      url: request.url ?? '',
      route,
      status: sent.status,
      bytes: sent.bytes,
      durationMs: performance.now() - started,
      client: clientAddress(request, options.trustsHop),
      lane: true,
    });

  /** An error answer written here, with the API's security headers, like Fastify's error handler. */
  const sendError = (response: ServerResponse, status: number, body: string, id: string, extra: string[]) => {
    response.writeHead(
      status,
      errorHeaders.concat(
        ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'],
        ['content-length', String(Buffer.byteLength(body)), 'x-request-id', id],
        extra,
      ),
    );
    response.end(body);
    return { status, bytes: Buffer.byteLength(body) };
  };

  const lane: FastLane = (request, response) => {
    if (closing) {
      // As Fastify does while closing (and with our envelope): new requests on open connections are
      // refused and the connection closed, so a proxy retries them on another instance.
      const started = performance.now();
      const id = requestId(request);
      const sent = sendError(response, 503, SHUTTING_DOWN, id, ['connection', 'close', 'retry-after', '1']);
      observe(request, id, '(shutting down)', sent, started);
      return true;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const route = byPath.get(request.url ?? '');
    if (!route) return false;
    const started = performance.now();
    let id: string | undefined;
    try {
      const body = route.peek();
      if (!body) return false;
      id = requestId(request);
      const sent = sendCachedAnswer(request, response, body.status ?? 200, body, headerSets.get(route)!, id);
      observe(request, id, route.path, sent, started);
    } catch (error) {
      id ??= requestId(request);
      options.log.error(
        { err: error, reqId: id, url: redactUrl(request.url ?? '') },
        'the fast lane failed to answer',
      );
      if (response.headersSent) response.destroy();
      else observe(request, id, route.path, sendError(response, 500, LANE_FAILED, id, []), started);
    }
    return true;
  };
  return {
    lane,
    shutDown() {
      closing = true;
    },
  };
}
