// A cached answer kept in every encoding we send (none, gzip, brotli) with its ETag, so serving it
// costs no compression per request. Used for the public content lists and the rendered pages.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CompressedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function compressBody(identity: Buffer): CompressedBody {
  return {
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

// Browsers send a handful of distinct Accept-Encoding values; parse each once.
const pickedByHeader = new Map<string, Encoding>();
const PICKED_LIMIT = 256;

/** The best encoding the client accepts among the ones kept (brotli, gzip, none). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let picked = pickedByHeader.get(acceptEncoding);
  if (picked === undefined) {
    picked = parseAcceptEncoding(acceptEncoding);
    if (pickedByHeader.size >= PICKED_LIMIT) pickedByHeader.clear();
    pickedByHeader.set(acceptEncoding, picked);
  }
  return picked;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

export const encodedBytes = (body: CompressedBody, encoding: Encoding): Buffer =>
  encoding === 'identity' ? body.identity : body[encoding];

/** Headers that go with an encoded body (the caller adds content type and caching). */
export function encodingHeaders(body: CompressedBody, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = { vary: 'accept-encoding', etag: body.etag };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}
