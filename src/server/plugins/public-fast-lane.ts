// The public pages and content lists are what every visit asks for. While a list is in the content cache
// (see PUBLIC_CACHE_TTL_MS) it is answered here, on the raw Node request, before Fastify's routing
// and hooks run; everything else — and these paths when the cache is cold — goes to Fastify, which
// refills the cache. The answer is byte-for-byte what the Fastify route sends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLIC_PAGES } from '#shared/page-data.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import { COMMON_HEADERS } from './security-headers.ts';
import type { PageRenderer } from '../features/pages/page-renderer.ts';
import { pageHeaders } from '../features/pages/routes.ts';
import { encodedBytes, encodingHeaders, pickEncoding, type CompressedBody } from '../lib/compressed-body.ts';
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
    const send = (status: number, body: CompressedBody, headers: Record<string, string>) => {
      const all = { ...COMMON_HEADERS, ...headers };
      if (request.headers['if-none-match'] === body.etag) {
        response.writeHead(304, all).end();
        return true;
      }
      const bytes = encodedBytes(body, encoding());
      response.writeHead(status, { ...all, 'content-length': bytes.length });
      response.end(request.method === 'HEAD' ? undefined : bytes);
      return true;
    };
    const encoding = () => pickEncoding(request.headers['accept-encoding']);
    if (pages && pagePaths.has(url)) {
      const page = pages.cached(url);
      return page ? send(page.status, page, pageHeaders(page, encoding())) : false;
    }
    const kind = KIND_BY_PATH.get(url);
    const list = kind && content.cachedPublicList(kind);
    if (!list) return false;
    return send(200, list, { ...PUBLIC_LIST_HEADERS, ...encodingHeaders(list, encoding()) });
  };
}
