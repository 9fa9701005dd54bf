// Decides what an uploaded file is from its first bytes only — never from its name or declared type.
import type { UploadExtension } from '#shared/schemas/media-url.ts';

export interface MediaType {
  kind: 'image' | 'video';
  /** The stored file's extension: only those the content API takes as an uploaded file. */
  extension: UploadExtension;
  mime: string;
}

/** Fewer bytes than this cannot be a real video. */
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

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOC_TYPE_ID = 0x4282;

/** An EBML variable-length integer at `offset`: how many bytes it takes, and its value. */
function readVint(bytes: Buffer, offset: number): { length: number; value: number } | undefined {
  const first = bytes[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // the leading zero bits of the first byte, plus one
  if (offset + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[offset + i]!;
  return { length, value };
}

/**
 * The DocType named in a Matroska/EBML header ("webm", "matroska"), read element by element: writers
 * use 1- to 8-byte sizes, so its position varies (Chromium's recordings put it past byte 64).
 */
function ebmlDocType(bytes: Buffer): string | undefined {
  if (!startsWith(bytes, EBML_MAGIC)) return undefined;
  const header = readVint(bytes, EBML_MAGIC.length);
  if (!header) return undefined;
  let offset = EBML_MAGIC.length + header.length;
  const end = Math.min(bytes.length, offset + header.value);
  while (offset < end) {
    const id = readVint(bytes, offset); // an element id is a vint kept with its length marker
    if (!id || id.length > 4) return undefined;
    const size = readVint(bytes, offset + id.length);
    if (!size) return undefined;
    const start = offset + id.length + size.length;
    if (bytes.readUIntBE(offset, id.length) === EBML_DOC_TYPE_ID) {
      return ascii(bytes, start, Math.min(start + size.value, end)).replace(/\0+$/, '');
    }
    offset = start + size.value;
  }
  return undefined;
}

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
  if (ebmlDocType(bytes) === 'webm') return { kind: 'video', extension: 'webm', mime: 'video/webm' };
  return undefined;
}

// Markup that a browser could be talked into rendering. A genuine video never carries these in its
// opening bytes; a polyglot (valid video header + HTML) does.
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|meta|img|a\s)/i;

export const containsMarkup = (bytes: Buffer) => MARKUP.test(bytes.toString('latin1'));
