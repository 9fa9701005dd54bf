// The public content lists are what every page view asks for. While a list is in the content cache
// (see PUBLIC_CACHE_TTL_MS) it is answered here, on the raw Node request, before Fastify's routing
// and hooks run; everything else — and these paths when the cache is cold — goes to Fastify, which
// refills the cache. The answer is byte-for-byte what the Fastify route sends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import { COMMON_HEADERS } from '../../plugins/security-headers.ts';
import type { ContentService } from './service.ts';

const KIND_BY_PATH = new Map<string, ContentKind>(
  CONTENT_KIND_NAMES.map((kind) => [`/api/cms/${kind}`, kind]),
);

export const PUBLIC_LIST_HEADERS = {
  'cache-control': 'no-cache',
  'content-type': 'application/json; charset=utf-8',
};

export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Returns true when it answered the request. */
export function createPublicFastLane(content: Pick<ContentService, 'cachedPublicList'>): FastLane {
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const kind = KIND_BY_PATH.get(request.url ?? '');
    const list = kind && content.cachedPublicList(kind);
    if (!list) return false;
    const headers = { ...COMMON_HEADERS, ...PUBLIC_LIST_HEADERS, etag: list.etag };
    if (request.headers['if-none-match'] === list.etag) {
      response.writeHead(304, headers).end();
      return true;
    }
    response.writeHead(200, { ...headers, 'content-length': list.bytes.length });
    response.end(request.method === 'HEAD' ? undefined : list.bytes);
    return true;
  };
}
