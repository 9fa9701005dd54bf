// Decides what an uploaded file is from its first bytes only — never from its name or declared type.

export interface MediaType {
  kind: 'image' | 'video';
  extension: 'jpg' | 'png' | 'gif' | 'webp' | 'avif' | 'mp4' | 'webm';
  mime: string;
}

/** Enough bytes to recognise every accepted format. */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

const AVIF_BRANDS = new Set(['avif', 'avis']);
// ISO base media brands of ordinary MP4 video (HEIC/AVIF stills and QuickTime are not accepted).
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);

export function detectMediaType(bytes: Buffer): MediaType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', extension: 'jpg', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', extension: 'png', mime: 'image/png' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { kind: 'image', extension: 'gif', mime: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'image', extension: 'webp', mime: 'image/webp' };
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (AVIF_BRANDS.has(brand)) return { kind: 'image', extension: 'avif', mime: 'image/avif' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', extension: 'mp4', mime: 'video/mp4' };
    return undefined;
  }
  // WebM is Matroska (EBML header) whose DocType element says "webm".
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && bytes.subarray(0, SNIFF_BYTES).includes('webm'))
    return { kind: 'video', extension: 'webm', mime: 'video/webm' };
  return undefined;
}

// Markup that a browser could be talked into rendering. A genuine video never carries these in its
// opening bytes; a polyglot (valid video header + HTML) does.
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|meta|img|a\s)/i;

export const containsMarkup = (bytes: Buffer) => MARKUP.test(bytes.toString('latin1'));
