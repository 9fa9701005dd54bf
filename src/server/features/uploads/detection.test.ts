// Upload types are decided by the bytes (docs/product.md#uploads): every accepted format is recognised and
// stored as what it is, whatever its name claims; look-alikes and disguised markup are refused.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { describeEachDatabase } from '../../testing/harness.ts';
import { filesUnder, storedFile, uploadFile } from '../../testing/uploads.ts';
import { detectMediaType } from './file-type.ts';

const INSPECTED_BYTES = 4096;
const solid = (background: string) => sharp({ create: { width: 32, height: 24, channels: 3, background } });

let animatedGif: Buffer;
let webp: Buffer;
let avif: Buffer;
let jpeg: Buffer;
let png: Buffer;
const realWebm = fs.readFileSync(path.resolve('demo/media/hero-range.webm'));
const mp4 = fs.readFileSync(path.resolve('demo/media/demo-targets.mp4'));

beforeAll(async () => {
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(c).png().toBuffer()));
  animatedGif = await sharp(frames, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
  webp = await solid('#4b5320').webp().toBuffer();
  avif = await solid('#4b5320').avif().toBuffer();
  jpeg = await solid('#4b5320').jpeg().toBuffer();
  png = await solid('#4b5320').png().toBuffer();
});

/** One EBML element with a one-byte size (enough for a header). */
const ebmlElement = (id: number[], payload: Buffer | number[]) =>
  Buffer.concat([Buffer.from([...id, 0x80 | payload.length]), Buffer.from(payload)]);

/** The smallest Matroska file: an EBML header naming `docType`, then an empty segment of unknown size. */
function matroska(docType: string): Buffer {
  const header = ebmlElement(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebmlElement([0x42, 0x86], [1]), // EBMLVersion
      ebmlElement([0x42, 0xf7], [1]), // EBMLReadVersion
      ebmlElement([0x42, 0xf2], [4]), // EBMLMaxIDLength
      ebmlElement([0x42, 0xf3], [8]), // EBMLMaxSizeLength
      ebmlElement([0x42, 0x82], Buffer.from(docType)), // DocType
      ebmlElement([0x42, 0x87], [4]), // DocTypeVersion
      ebmlElement([0x42, 0x85], [2]), // DocTypeReadVersion
    ]),
  );
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([header, segment, Buffer.alloc(256)]);
}

/** An ISO media file header (`ftyp` box) with the given major brand, padded with junk. */
const isoMedia = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}\0\0\0\0${brand}mif1`, 'latin1'),
    Buffer.alloc(512, 7),
  ]);

/** A JPEG with a comment segment placed right after its start marker. */
function jpegWithComment(comment: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]);
}

const SCRIPT = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

describeEachDatabase('upload type detection', (ctx) => {
  const upload = (bytes: Buffer, filename: string, contentType: string, token?: string) =>
    uploadFile(ctx(), bytes, { filename, contentType, token });

  async function expectStoredAs(
    response: Awaited<ReturnType<typeof upload>>,
    extension: string,
    contentType: string,
  ) {
    expect(response.statusCode, response.body).toBe(201);
    const { file_url } = response.json<{ file_url: string }>();
    expect(file_url).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]+\\.${extension}$`));
    const served = await ctx().request({ method: 'GET', url: file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(contentType);
    return { fileUrl: file_url, served: served.rawPayload };
  }

  async function expectRefused(bytes: Buffer, filename: string, contentType: string, token: string) {
    const response = await upload(bytes, filename, contentType, token);
    expect(response.statusCode, `${filename}: ${response.body}`).toBe(415);
    expect(response.json(), filename).toEqual({
      detail: expect.any(String),
      code: ERROR_CODES.unsupportedMediaType,
    });
  }

  it('stores an animated GIF as a GIF with all its frames, even when it is named .jpg', async () => {
    const { served } = await expectStoredAs(
      await upload(animatedGif, 'photo.jpg', 'image/jpeg'),
      'gif',
      'image/gif',
    );
    expect(await sharp(served, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 32,
      pageHeight: 24,
    });
  });

  it('stores WebP and AVIF images as what they are', async () => {
    const stored = await expectStoredAs(await upload(webp, 'image.png', 'image/png'), 'webp', 'image/webp');
    expect(await sharp(stored.served).metadata()).toMatchObject({ format: 'webp', width: 32 });
    const still = await expectStoredAs(await upload(avif, 'image.gif', 'image/gif'), 'avif', 'image/avif');
    expect(await sharp(still.served).metadata()).toMatchObject({ format: 'heif', width: 32 });
  });

  it('stores WebM videos, a minimal one and a recorded one, byte for byte', async () => {
    const minimal = matroska('webm');
    const small = await expectStoredAs(
      await upload(minimal, 'clip.bin', 'application/octet-stream'),
      'webm',
      'video/webm',
    );
    expect(small.served.equals(minimal)).toBe(true);
    const recorded = await expectStoredAs(
      await upload(realWebm, 'clip.mp4', 'video/mp4'),
      'webm',
      'video/webm',
    );
    expect(recorded.served.equals(realWebm)).toBe(true);
  });

  it('refuses look-alikes of the accepted formats and broken files behind a valid header', async () => {
    const { token } = await ctx().loginAs();
    const before = filesUnder(ctx().config.uploadDir);
    const wave = Buffer.concat([Buffer.from('RIFF\x24\x08\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(512)]);
    const refused: [Buffer, string, string][] = [
      [matroska('matroska'), 'clip.webm', 'video/webm'], // Matroska, but not WebM
      [isoMedia('heic'), 'photo.avif', 'image/avif'], // HEIC still
      [isoMedia('qt  '), 'clip.mp4', 'video/mp4'], // QuickTime
      [wave, 'sound.webp', 'image/webp'], // RIFF, but audio
      [Buffer.concat([Buffer.from('BM'), Buffer.alloc(512)]), 'bitmap.gif', 'image/gif'],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(512, 0xaa)]), 'broken.gif', 'image/gif'],
      [Buffer.concat([webp.subarray(0, 16), Buffer.alloc(512, 0xaa)]), 'broken.webp', 'image/webp'],
      [Buffer.concat([avif.subarray(0, 32), Buffer.alloc(512, 0xaa)]), 'broken.avif', 'image/avif'],
    ];
    for (const [bytes, filename, contentType] of refused)
      await expectRefused(bytes, filename, contentType, token);
    expect(filesUnder(ctx().config.uploadDir)).toEqual(before);
  });

  it('accepts an image with markup after its first 4 KB as the image it is, and serves only pixels', async () => {
    const comment = Buffer.concat([Buffer.alloc(INSPECTED_BYTES + 100, 0x20), SCRIPT]);
    const image = jpegWithComment(comment);
    expect(image.indexOf('<script')).toBeGreaterThan(INSPECTED_BYTES);
    expect((await sharp(image).metadata()).format).toBe('jpeg');

    const { fileUrl, served } = await expectStoredAs(
      await upload(image, 'photo.jpg', 'image/jpeg'),
      'jpg',
      'image/jpeg',
    );
    expect(served.includes('<script')).toBe(false);
    expect(fs.readFileSync(storedFile(ctx(), fileUrl)).includes('<script')).toBe(false);
  });

  it('refuses markup disguised as an image, wherever the markup starts', async () => {
    const { token } = await ctx().loginAs();
    const before = filesUnder(ctx().config.uploadDir);
    const padding = Buffer.alloc(INSPECTED_BYTES + 100, 0x20);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised: [Buffer, string, string][] = [
      [Buffer.concat([padding, svg]), 'logo.png', 'image/png'], // SVG after 4 KB of blanks
      [Buffer.concat([Buffer.from('<!--'), padding, Buffer.from('-->'), SCRIPT]), 'photo.jpg', 'image/jpeg'],
      [Buffer.concat([png.subarray(0, 16), padding, SCRIPT]), 'pic.png', 'image/png'], // PNG-headed polyglot
      [Buffer.concat([Buffer.from('GIF89a'), padding, svg]), 'anim.gif', 'image/gif'],
      [Buffer.concat([jpeg.subarray(0, 4), padding, SCRIPT]), 'photo.jpg', 'image/jpeg'],
    ];
    for (const [bytes, filename, contentType] of disguised)
      await expectRefused(bytes, filename, contentType, token);
    expect(filesUnder(ctx().config.uploadDir)).toEqual(before);
  });

  it('checks a video for markup in exactly its first 4 KB', async () => {
    const { token } = await ctx().loginAs();
    const withMarkupAt = (offset: number) =>
      Buffer.concat([mp4.subarray(0, offset), SCRIPT, mp4.subarray(offset, 64 * 1024)]);
    // Markup ending inside the inspected bytes is a polyglot…
    await expectRefused(withMarkupAt(INSPECTED_BYTES - SCRIPT.length), 'clip.mp4', 'video/mp4', token);
    // …markup starting after them is video data that happens to look like a tag.
    const later = await upload(withMarkupAt(INSPECTED_BYTES), 'clip.mp4', 'video/mp4', token);
    await expectStoredAs(later, 'mp4', 'video/mp4');
  });
});

it('reads any bytes after a Matroska signature without throwing, and calls them WebM only when the header says so', () => {
  const magic = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (tail) => {
      const bytes = Buffer.concat([magic, tail]);
      const type = detectMediaType(bytes);
      expect(type === undefined || type.extension === 'webm').toBe(true);
    }),
    { seed: 4096, numRuns: 2000 },
  );
  expect(detectMediaType(matroska('webm'))?.extension).toBe('webm');
  expect(detectMediaType(matroska('matroska'))).toBeUndefined();
  // The DocType must be the header's own element, not a string that happens to follow it.
  expect(detectMediaType(Buffer.concat([matroska('matroska'), Buffer.from('webm')]))).toBeUndefined();
});
