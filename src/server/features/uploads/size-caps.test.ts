// MAX_VIDEO_BYTES and MAX_IMAGE_BYTES are separate caps (docs/configuration.md#server): a video over its cap
// is refused with 413 while it streams in, and no byte of it stays on disk.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { filesUnder, storedFile, uploadFile } from '../../testing/uploads.ts';

const mp4 = fs.readFileSync(path.resolve('demo/media/demo-targets.mp4'));
const webm = fs.readFileSync(path.resolve('demo/media/hero-range.webm'));
/** The start of the demo MP4, cut to `bytes` (the type check reads only the opening bytes). */
const videoOf = (bytes: number) => {
  expect(mp4.length).toBeGreaterThanOrEqual(bytes);
  return mp4.subarray(0, bytes);
};

let noisyPng: Buffer;
beforeAll(async () => {
  // Noise does not compress: a PNG of about 150 KB.
  const noise = Buffer.from(Array.from({ length: 220 * 220 * 3 }, () => Math.floor(Math.random() * 256)));
  noisyPng = await sharp(noise, { raw: { width: 220, height: 220, channels: 3 } })
    .png()
    .toBuffer();
});

async function expectTooLarge(ctx: TestContext, bytes: Buffer, token: string) {
  const before = filesUnder(ctx.config.uploadDir);
  const response = await uploadFile(ctx, bytes, { filename: 'clip.mp4', contentType: 'video/mp4', token });
  expect(response.statusCode, response.body).toBe(413);
  expect(response.json()).toEqual({
    detail: expect.stringMatching(/^Videos can be at most/),
    code: ERROR_CODES.payloadTooLarge,
  });
  // Not the half-written file, not a temporary one: nothing.
  expect(filesUnder(ctx.config.uploadDir)).toEqual(before);
}

const VIDEO_CAP = 100_000;
const IMAGE_CAP = 200_000;

describeEachDatabase(
  'video size cap below the image cap',
  (ctx) => {
    it('accepts a video of exactly MAX_VIDEO_BYTES and refuses one byte more', async () => {
      const { token } = await ctx().loginAs();
      const atCap = await uploadFile(ctx(), videoOf(VIDEO_CAP), { filename: 'clip.mp4', token });
      expect(atCap.statusCode, atCap.body).toBe(201);
      const { file_url } = atCap.json<{ file_url: string }>();
      expect(fs.statSync(storedFile(ctx(), file_url)).size).toBe(VIDEO_CAP);

      await expectTooLarge(ctx(), videoOf(VIDEO_CAP + 1), token);
    });

    it('refuses a WebM several times the cap', async () => {
      const { token } = await ctx().loginAs();
      expect(webm.length).toBeGreaterThan(4 * VIDEO_CAP);
      await expectTooLarge(ctx(), webm, token);
    });

    it('the video cap does not limit images', async () => {
      expect(noisyPng.length).toBeGreaterThan(VIDEO_CAP);
      expect(noisyPng.length).toBeLessThan(IMAGE_CAP);
      const response = await uploadFile(ctx(), noisyPng, { filename: 'noise.png' });
      expect(response.statusCode, response.body).toBe(201);
    });
  },
  { env: { MAX_VIDEO_BYTES: String(VIDEO_CAP), MAX_IMAGE_BYTES: String(IMAGE_CAP) } },
);

describeEachDatabase(
  'video size cap above the image cap',
  (ctx) => {
    // Here the video cap is also the multipart parser's own file limit; the answer must not change.
    it('refuses a video one byte over the cap, and one far over it, with the same 413', async () => {
      const { token } = await ctx().loginAs();
      await expectTooLarge(ctx(), videoOf(2 * IMAGE_CAP + 1), token);
      await expectTooLarge(ctx(), videoOf(3 * IMAGE_CAP), token);
      const atCap = await uploadFile(ctx(), videoOf(2 * IMAGE_CAP), { filename: 'clip.mp4', token });
      expect(atCap.statusCode, atCap.body).toBe(201);
    });
  },
  { env: { MAX_VIDEO_BYTES: String(2 * IMAGE_CAP), MAX_IMAGE_BYTES: String(IMAGE_CAP) } },
);
