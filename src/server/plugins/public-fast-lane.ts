// The public pages and content lists are what every visit asks for. While a list is in the content cache
// (see PUBLIC_CACHE_TTL_MS) it is answered here, on the raw Node request, before Fastify's routing
// and hooks run; everything else — and these paths when the cache is cold — goes to Fastify, which
// refills the cache. The answer is byte-for-byte what the Fastify route sends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLIC_PAGES } from '#shared/page-data.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import { COMMON_HEADERS } from './security-headers.ts';
import { pickEncoding, type PageRenderer } from '../features/pages/page-renderer.ts';
import { pageBody, pageHeaders } from '../features/pages/routes.ts';
import { PUBLIC_LIST_HEADERS } from '../features/content/routes.ts';
import type { ContentService } from '../features/content/service.ts';

const KIND_BY_PATH = new Map<string, ContentKind>(
  CONTENT_KIND_NAMES.map((kind) => [`/api/cms/${kind}`, kind]),
);

export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Returns true when it answered the request. */
export function createPublicFastLane(
  content: Pick<ContentService, 'cachedPublicList'>,
  pages?: Pick<PageRenderer, 'cached'>,
): FastLane {
  const pagePaths = new Set<string>(PUBLIC_PAGES);
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    if (pages && pagePaths.has(url)) {
      const page = pages.cached(url);
      if (!page) return false;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const headers = { ...COMMON_HEADERS, ...pageHeaders(page, encoding) };
      if (request.headers['if-none-match'] === page.etag) {
        response.writeHead(304, headers).end();
        return true;
      }
      const body = pageBody(page, encoding);
      response.writeHead(page.status, { ...headers, 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    }
    const kind = KIND_BY_PATH.get(url);
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
