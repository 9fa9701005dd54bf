import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, multipartFile } from '../../testing/harness.ts';

const MAX_IMAGE_BYTES = 200_000;
let png: Buffer;
let bigPng: Buffer;
const mp4 = fs.readFileSync(path.resolve('demo/media/demo-targets.mp4'));

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4b5320' } })
    .png()
    .toBuffer();
  // Noise does not compress, so this PNG is well over the test's image cap.
  const noise = Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256)));
  bigPng = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
    .png()
    .toBuffer();
});

describeEachDatabase(
  'uploads',
  (ctx) => {
    const upload = async (
      bytes: Buffer,
      options: Parameters<typeof multipartFile>[1] = {},
      token?: string,
    ) => {
      const t = token ?? (await ctx().loginAs()).token;
      const { payload, headers } = multipartFile(bytes, options);
      return ctx().request({ method: 'POST', url: '/api/admin/upload', token: t, payload, headers });
    };
    const storedFiles = () => fs.readdirSync(ctx().config.uploadDir);

    it('stores a PNG under a generated name and serves it safely with long caching', async () => {
      const response = await upload(png, { filename: '../../evil name.png', contentType: 'image/png' });
      expect(response.statusCode, response.body).toBe(201);
      const { file_url } = response.json<{ file_url: string }>();
      expect(file_url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{20,}\.png$/);
      expect(file_url).not.toContain('evil');

      const served = await ctx().request({ method: 'GET', url: file_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    });

    it('accepts an MP4 video by its bytes, whatever its name says', async () => {
      const response = await upload(mp4, { filename: 'clip.txt', contentType: 'text/plain' });
      expect(response.statusCode, response.body).toBe(201);
      const { file_url } = response.json<{ file_url: string }>();
      expect(file_url).toMatch(/\.mp4$/);
      const served = await ctx().request({ method: 'GET', url: file_url });
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.rawPayload.equals(mp4)).toBe(true);
    });

    it('accepts a video whose data after the opening 4 KB happens to contain tag-like bytes', async () => {
      // Compressed video is arbitrary bytes: `<a ` or `<svg` turn up by chance in real files.
      const video = Buffer.concat([
        mp4.subarray(0, 8192),
        Buffer.from('<a href=x><svg><script>'),
        mp4.subarray(8192),
      ]);
      const response = await upload(video, { filename: 'clip.mp4', contentType: 'video/mp4' });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses SVG, HTML renamed .png, plain text and a PNG-headed polyglot with 415', async () => {
      const { token } = await ctx().loginAs();
      const before = storedFiles();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      const polyglot = Buffer.concat([
        png.subarray(0, 16),
        Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)),
      ]);
      const videoPolyglot = Buffer.concat([
        mp4.subarray(0, 32),
        Buffer.from('<html><script>alert(1)</script></html>'),
        mp4.subarray(32, 8000),
      ]);
      for (const [bytes, filename, contentType] of [
        [svg, 'logo.svg', 'image/svg+xml'],
        [html, 'photo.png', 'image/png'],
        [Buffer.from('just some text'), 'notes.jpg', 'image/jpeg'],
        [polyglot, 'pic.png', 'image/png'],
        [videoPolyglot, 'clip.mp4', 'video/mp4'],
      ] as const) {
        const response = await upload(bytes, { filename, contentType }, token);
        expect(response.statusCode, filename).toBe(415);
        expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
      expect(storedFiles()).toEqual(before);
    });

    it('refuses an image over the cap with 413 and keeps nothing of it', async () => {
      expect(bigPng.length).toBeGreaterThan(MAX_IMAGE_BYTES);
      const before = storedFiles();
      const response = await upload(bigPng, { filename: 'big.png' });
      expect(response.statusCode).toBe(413);
      expect(response.json<{ detail: string }>().detail).toMatch(/at most/);
      expect(storedFiles()).toEqual(before);
    });

    it('needs a token, a multipart body and a field named file', async () => {
      const { payload, headers } = multipartFile(png);
      expect(
        (await ctx().request({ method: 'POST', url: '/api/admin/upload', payload, headers })).statusCode,
      ).toBe(401);
      const { token } = await ctx().loginAs();
      const wrongField = multipartFile(png, { field: 'image' });
      expect(
        (await ctx().request({ method: 'POST', url: '/api/admin/upload', token, ...wrongField })).statusCode,
      ).toBe(400);
      const json = await ctx().request({
        method: 'POST',
        url: '/api/admin/upload',
        token,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('serves smaller WebP copies of an image at the fixed widths only', async () => {
      const wide = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const { file_url } = (await upload(wide, { filename: 'wide.jpg' })).json<{ file_url: string }>();
      const name = file_url.split('/').pop()!;

      const small = await ctx().request({ method: 'GET', url: `/uploads/w/640/${name}` });
      expect(small.statusCode, small.body).toBe(200);
      expect(small.headers['content-type']).toBe('image/webp');
      expect(small.headers['cache-control']).toContain('immutable');
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 640,
        height: 320,
      });
      // Asking again serves the stored copy.
      const again = await ctx().request({ method: 'GET', url: `/uploads/w/640/${name}` });
      expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
      // Never enlarged.
      const big = await ctx().request({ method: 'GET', url: `/uploads/w/1920/${name}` });
      expect((await sharp(big.rawPayload).metadata()).width).toBe(1000);

      for (const url of [
        `/uploads/w/500/${name}`,
        // One URL per size: other spellings of 640 are not the same picture under another name.
        `/uploads/w/0x280/${name}`,
        `/uploads/w/0640/${name}`,
        `/uploads/w/640.0/${name}`,
        '/uploads/w/640/missing.jpg',
        '/uploads/w/640/..%2F..%2Fetc%2Fpasswd',
      ]) {
        expect((await ctx().request({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect(
        (await ctx().request({ method: 'GET', url: `/uploads/.variants/640/${name}` })).statusCode,
      ).not.toBe(200);
    });

    // Decision 0493: AVIF for a browser that takes it, made in the background, never waited for.
    it('answers a browser that takes AVIF with WebP at first, then with the AVIF copy made meanwhile', async () => {
      const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } })
        .composite([{ input: await sharp(bigPng).resize(300, 300).toBuffer(), left: 100, top: 50 }])
        .jpeg()
        .toBuffer();
      const { file_url } = (await upload(photo, { filename: 'photo.jpg' })).json<{ file_url: string }>();
      const url = `/uploads/w/640/${file_url.split('/').pop()!}`;
      const chrome = { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };

      const first = await ctx().request({ method: 'GET', url, headers: chrome });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers.vary).toBe('Accept');
      await ctx().services.imageVariants.avifSettled();

      const later = await ctx().request({ method: 'GET', url, headers: chrome });
      expect(later.headers['content-type']).toBe('image/avif');
      expect(later.headers.vary).toBe('Accept');
      expect(later.headers['cache-control']).toContain('immutable');
      expect(await sharp(later.rawPayload).metadata()).toMatchObject({
        format: 'heif',
        width: 640,
        height: 320,
      });
      expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);

      // A browser that does not say it takes AVIF, or refuses it, keeps getting WebP.
      for (const accept of [undefined, 'image/webp,*/*', 'image/avif;q=0,image/webp', 'image/avifx']) {
        const answer = await ctx().request({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect(answer.headers['content-type'], accept).toBe('image/webp');
      }
      // Ten browsers at once for a new width: one WebP copy each answered, one AVIF copy made.
      const wide = url.replace('/w/640/', '/w/960/');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => ctx().request({ method: 'GET', url: wide, headers: chrome })),
      );
      expect(answers.map((answer) => answer.headers['content-type'])).toEqual(Array(10).fill('image/webp'));
      await ctx().services.imageVariants.avifSettled();
      const folder = path.join(ctx().config.uploadDir, '.variants', '960');
      expect(fs.readdirSync(folder).sort()).toEqual(
        [
          file_url
            .split('/')
            .pop()!
            .replace(/\.jpg$/, '.avif'),
          file_url
            .split('/')
            .pop()!
            .replace(/\.jpg$/, '.webp'),
        ].sort(),
      );
    });

    it('answers 404 for an upload that does not exist and never lists the folder', async () => {
      expect((await ctx().request({ method: 'GET', url: '/uploads/nothing-here.png' })).statusCode).toBe(404);
      // Names the store never makes are not looked up at all: too long for the file system, hidden,
      // encoded, or a variant's path without its width.
      for (const url of [
        `/uploads/${'a'.repeat(300)}.jpg`,
        `/uploads/w/${'x'.repeat(300)}`,
        '/uploads/.hidden.jpg',
        '/uploads/a%2e%2e.jpg',
        '/uploads/notes.txt',
      ])
        expect((await ctx().request({ method: 'GET', url })).statusCode, url).toBe(404);
      const folder = await ctx().request({ method: 'GET', url: '/uploads/' });
      expect([403, 404]).toContain(folder.statusCode);
      expect(folder.body).not.toContain('.png');
    });
  },
  { env: { MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) } },
);
