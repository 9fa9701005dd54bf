// A cached answer kept in every encoding we send (none, gzip, brotli) with its ETag, so serving it
// costs no compression per request. Used for the public content lists and the rendered pages.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CompressedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const etagOf = (identity: Buffer) => `"${createHash('sha1').update(identity).digest('base64url')}"`;
/**
 * A window just large enough for the body: brotli's default (4 MiB) makes the encoder allocate tens
 * of megabytes at the best quality, which the threads of the pool keep in their own malloc arenas
 * after the call (measured: about 8 MiB more idle memory). The output is the same.
 */
const windowBits = (bytes: number) =>
  Math.min(
    zlib.constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
const brotliOptions = (identity: Buffer, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
  },
});

/** The smallest copies, made here and now (milliseconds of the event loop per 10 KB page). */
export function compressBody(identity: Buffer): CompressedBody {
  return {
    etag: etagOf(identity),
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, brotliOptions(identity, zlib.constants.BROTLI_MAX_QUALITY)),
  };
}

/** Brotli at this quality takes about a tenth of the time of the best, for copies a few % larger. */
const QUICK_BROTLI_QUALITY = 5;
const QUICK_GZIP_LEVEL = 6;

/**
 * Copies good enough to serve at once, and the best copies made in libuv's thread pool, off the
 * event loop: for an answer that must change quickly (a page after an edit), served from the quick
 * copies until the best arrive. Both carry the same ETag: the content is the same.
 */
export function compressBodyInStages(identity: Buffer): {
  quick: CompressedBody;
  best: Promise<CompressedBody>;
} {
  const etag = etagOf(identity);
  const quick = {
    etag,
    identity,
    gzip: zlib.gzipSync(identity, { level: QUICK_GZIP_LEVEL }),
    br: zlib.brotliCompressSync(identity, brotliOptions(identity, QUICK_BROTLI_QUALITY)),
  };
  // One best copy at a time in the whole process: a refresh makes several (every page), and brotli at
  // its best quality takes a core for about a tenth of a second each; in parallel they would take
  // both of a small server's cores from the event loop while it serves the edited content.
  const makeBest = async (): Promise<CompressedBody> => {
    const gzip = await promisify(zlib.gzip)(identity, { level: 9 });
    const br = await promisify(zlib.brotliCompress)(
      identity,
      brotliOptions(identity, zlib.constants.BROTLI_MAX_QUALITY),
    );
    return { etag, identity, gzip, br };
  };
  const best = bestCopies.then(makeBest);
  bestCopies = best.catch(() => undefined);
  return { quick, best };
}

/**
 * `identity` in one encoding, made off the event loop at the quick settings: for an answer made for
 * one request only (an admin's page drawn with their data), sent once and never kept.
 */
export async function compressOnce(identity: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return promisify(zlib.gzip)(identity, { level: QUICK_GZIP_LEVEL });
  if (encoding === 'br')
    return promisify(zlib.brotliCompress)(identity, brotliOptions(identity, QUICK_BROTLI_QUALITY));
  return identity;
}

/** The best copies being made, one after another (compressBodyInStages). */
let bestCopies: Promise<unknown> = Promise.resolve();

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

// negotiator reads q-values, `*` and `identity;q=0` as RFC 9110 says; among equal preferences brotli wins.
const KEPT_ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  // negotiator 1.0 takes the server's order for ties; @types/negotiator (0.6) does not know it yet.
  const encoding = negotiator.encoding as (
    available: Encoding[],
    options: { preferred: Encoding[] },
  ) => Encoding | undefined;
  // Nothing acceptable (`identity;q=0` and no kept encoding): the plain body rather than a 406.
  return encoding.call(negotiator, KEPT_ENCODINGS, { preferred: KEPT_ENCODINGS }) ?? 'identity';
}

export const encodedBytes = (body: CompressedBody, encoding: Encoding): Buffer =>
  encoding === 'identity' ? body.identity : body[encoding];

/** Headers that go with an encoded body (the caller adds content type and caching). */
export function encodingHeaders(body: CompressedBody, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = { vary: 'accept-encoding', etag: body.etag };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}
