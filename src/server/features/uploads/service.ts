// Stores an uploaded file under a generated name. The stream is written to disk as it arrives (never
// held whole in memory), its type is decided from its first bytes, and images are decoded and
// re-encoded so that only real pixels — no metadata, no smuggled payload — are ever served.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ERROR_CODES } from '#shared/errors.ts';
import { UPLOADS_URL_PREFIX } from '#shared/schemas/media-url.ts';
import { HttpError } from '../../lib/http-error.ts';
import { containsMarkup, detectMediaType, SNIFF_BYTES, type MediaType } from './file-type.ts';

export { UPLOADS_URL_PREFIX };
const ACCEPTED = 'Only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos can be uploaded';
// Read this much before deciding, so markup hidden just after a valid header is seen too.
const INSPECT_BYTES = 4096;

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const unsupported = (detail = ACCEPTED) => new HttpError(415, ERROR_CODES.unsupportedMediaType, detail);

const capFor = (limits: UploadLimits, type: MediaType) =>
  type.kind === 'image' ? limits.maxImageBytes : limits.maxVideoBytes;

/** Refuses an upload past its kind's cap (413), once its kind is known. */
function checkSize(limits: UploadLimits, type: MediaType, bytes: number): void {
  if (bytes <= capFor(limits, type)) return;
  throw new HttpError(
    413,
    ERROR_CODES.payloadTooLarge,
    `${type.kind === 'image' ? 'Images' : 'Videos'} can be at most ${megabytes(capFor(limits, type))}`,
  );
}

function classify(received: Buffer): MediaType {
  // Only the opening bytes: however the upload was chunked, compressed video data further in can
  // hold byte runs that look like a tag (`<a `) by chance, and must not refuse a real video.
  const head = received.subarray(0, INSPECT_BYTES);
  const type = head.length >= 12 ? detectMediaType(head) : undefined;
  if (!type || (type.kind === 'video' && containsMarkup(head))) throw unsupported();
  return type;
}

/** Decodes the image and writes its pixels again in the same format, without metadata. */
async function reencodeImage(source: string, target: string, type: MediaType): Promise<void> {
  const animated = type.extension === 'gif' || type.extension === 'webp';
  // Loaded with the first image: sharp (libvips) is the largest library the server uses.
  const { default: sharp } = await import('sharp');
  try {
    let image = sharp(source, { animated, failOn: 'error' });
    if (!animated) image = image.rotate(); // apply EXIF orientation before the metadata is dropped
    switch (type.extension) {
      case 'jpg':
        image = image.jpeg({ quality: 85, mozjpeg: true });
        break;
      case 'png':
        image = image.png({ compressionLevel: 8 });
        break;
      case 'gif':
        image = image.gif();
        break;
      case 'webp':
        image = image.webp({ quality: 85 });
        break;
      default:
        image = image.avif({ quality: 60, effort: 3 });
    }
    await image.toFile(target);
  } catch {
    await fsp.rm(target, { force: true });
    throw unsupported('The file is not a valid image');
  }
}

/**
 * Writes the stream to `out` as it arrives, holding back only its first INSPECT_BYTES until its type
 * is decided, and stops at the type's cap. Returns the type and the size.
 */
async function receive(
  stream: Readable,
  out: fs.WriteStream,
  limits: UploadLimits,
): Promise<{ type: MediaType; bytes: number }> {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  let head: Buffer[] = [];
  let headBytes = 0;
  let type: MediaType | undefined;
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (type) {
      checkSize(limits, type, bytes);
      await write(chunk);
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes >= INSPECT_BYTES) {
      type = classify(Buffer.concat(head));
      checkSize(limits, type, bytes);
      for (const part of head) await write(part);
      head = [];
    }
  }
  if (!type) {
    type = classify(Buffer.concat(head));
    checkSize(limits, type, bytes);
    for (const part of head) await write(part);
  }
  if (bytes < SNIFF_BYTES && type.kind === 'video') throw unsupported('The file is not a valid video');
  return { type, bytes };
}

/** Consumes the stream and returns the public URL of the stored file. */
export async function storeUpload(
  uploadDir: string,
  limits: UploadLimits,
  stream: Readable,
): Promise<{ fileUrl: string; type: MediaType; bytes: number }> {
  await fsp.mkdir(uploadDir, { recursive: true });
  const incoming = path.join(uploadDir, `.incoming-${randomBytes(12).toString('hex')}`);
  const out = fs.createWriteStream(incoming, { flags: 'wx' });
  try {
    const { type, bytes } = await receive(stream, out, limits);
    out.end();
    await once(out, 'finish');

    const name = `${randomBytes(16).toString('base64url')}.${type.extension}`;
    const target = path.join(uploadDir, name);
    if (type.kind === 'image') {
      await reencodeImage(incoming, target, type);
      await fsp.rm(incoming, { force: true });
    } else {
      await fsp.rename(incoming, target);
    }
    return { fileUrl: `${UPLOADS_URL_PREFIX}${name}`, type, bytes };
  } catch (error) {
    stream.resume(); // discard whatever the client is still sending
    // Wait until the half-written file is closed (the open may still be in flight) before removing it.
    if (!out.closed) await new Promise<void>((resolve) => out.destroy().once('close', () => resolve()));
    await fsp.rm(incoming, { force: true });
    throw error;
  }
}

export function createUploadService(uploadDir: string, limits: UploadLimits) {
  return { store: (stream: Readable) => storeUpload(uploadDir, limits, stream) };
}

export type UploadService = ReturnType<typeof createUploadService>;
