// The public pages and content lists are what every visit asks for. While a list is in the content cache
// (see PUBLIC_CACHE_TTL_MS) it is answered here, on the raw Node request, before Fastify's routing
// and hooks run; everything else — and these paths when the cache is cold — goes to Fastify, which
// refills the cache. The answer is byte-for-byte what the Fastify route sends, security headers
// included (the same objects, see security-headers.ts); only x-request-id differs, as it does between
// any two requests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLIC_PAGES } from '#shared/page-data.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { SecurityHeaders } from './security-headers.ts';
import type { CompressedPage, PageRenderer } from '../features/pages/page-renderer.ts';
import { pageHeaders } from '../features/pages/routes.ts';
import {
  encodedBytes,
  encodingHeaders,
  pickEncoding,
  type CompressedBody,
  type Encoding,
} from '../lib/compressed-body.ts';
import { PUBLIC_LIST_HEADERS } from '../features/content/routes.ts';
import type { ContentService } from '../features/content/service.ts';
import { requestId } from '../lib/request-id.ts';

const KIND_BY_PATH = new Map<string, ContentKind>(
  CONTENT_KIND_NAMES.map((kind) => [`/api/cms/${kind}`, kind]),
);

export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

type HeadersFor = (body: CompressedBody, encoding: Encoding) => Record<string, string>;

/** A header set as Node's raw form, name and value alternating, for `writeHead`. */
type RawHeaders = readonly string[];

interface CachedHeaders {
  ok: RawHeaders;
  /** The same without content-length, for 304 answers. */
  notModified: RawHeaders;
}

const raw = (headers: Record<string, string>): RawHeaders => Object.entries(headers).flat();

/**
 * The full header set of each cached answer in each encoding, built once: the hot path then only
 * looks it up (a body is replaced, never changed, so its headers can be kept beside it).
 */
function headerCache(
  security: Readonly<Record<string, string>>,
  build: HeadersFor,
): (body: CompressedBody, encoding: Encoding) => CachedHeaders {
  const cache = new WeakMap<CompressedBody, Partial<Record<Encoding, CachedHeaders>>>();
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

/** Returns true when it answered the request. */
export function createPublicFastLane(
  security: SecurityHeaders,
  content: Pick<ContentService, 'cachedPublicList'>,
  pages?: Pick<PageRenderer, 'cached'>,
): FastLane {
  const pagePaths = new Set<string>(PUBLIC_PAGES);
  const listHeaders = headerCache(security.api, (list, encoding) => ({
    ...PUBLIC_LIST_HEADERS,
    ...encodingHeaders(list, encoding),
  }));
  const pageHeaderSet = headerCache(security.page, (page, encoding) =>
    pageHeaders(page as CompressedPage, encoding),
  );

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: CompressedBody,
    headersFor: (body: CompressedBody, encoding: Encoding) => CachedHeaders,
  ): true => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const headers = headersFor(body, encoding);
    // The cached set plus this answer's id, appended to a copy of the raw list: cheaper per request
    // than spreading a header object.
    const id = ['x-request-id', requestId(request)];
    if (request.headers['if-none-match'] === body.etag) {
      response.writeHead(304, headers.notModified.concat(id)).end();
      return true;
    }
    response.writeHead(status, headers.ok.concat(id));
    response.end(request.method === 'HEAD' ? undefined : encodedBytes(body, encoding));
    return true;
  };

  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    if (pages && pagePaths.has(url)) {
      const page = pages.cached(url);
      return page ? send(request, response, page.status, page, pageHeaderSet) : false;
    }
    const kind = KIND_BY_PATH.get(url);
    const list = kind && content.cachedPublicList(kind);
    return list ? send(request, response, 200, list, listHeaders) : false;
  };
}
