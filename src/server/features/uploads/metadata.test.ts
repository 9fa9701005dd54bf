// A phone photo carries where it was taken. Uploaded images are re-encoded without their metadata
// (docs/product.md#uploads), so neither the stored file nor any served size gives the location away.
import fs from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { storedFile, uploadFile } from '../../testing/uploads.ts';

const CAMERA = 'RangeSpyCam';
// Exif tag 0x8825 points at the GPS block; little-endian as sharp writes it.
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);
const EXIF = {
  IFD0: { Make: CAMERA, Model: `${CAMERA} 2`, Artist: 'Jo Bloggs' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 2634/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 3960/100',
  },
};

async function photoWithGps(format: 'jpeg' | 'png' | 'webp' | 'avif'): Promise<Buffer> {
  const image = sharp({ create: { width: 1000, height: 750, channels: 3, background: '#6b7a3a' } });
  const bytes = await image[format]().withExif(EXIF).toBuffer();
  // The test photo really carries the location, or the test proves nothing.
  const { exif } = await sharp(bytes).metadata();
  expect(exif?.includes(GPS_IFD_POINTER), `${format} test photo has GPS`).toBe(true);
  return bytes;
}

async function expectNoMetadata(bytes: Buffer, what: string) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif, `${what}: EXIF`).toBeUndefined();
  expect(metadata.xmp, `${what}: XMP`).toBeUndefined();
  expect(bytes.includes(CAMERA), `${what}: camera name`).toBe(false);
  expect(bytes.includes('Exif\0'), `${what}: Exif block`).toBe(false);
}

describeEachDatabase('uploaded image metadata', (ctx) => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'a %s photo with GPS is stored and served in every size without its EXIF',
    async (format) => {
      const response = await uploadFile(ctx(), await photoWithGps(format), { filename: `photo.${format}` });
      expect(response.statusCode, response.body).toBe(201);
      const { file_url } = response.json<{ file_url: string }>();

      await expectNoMetadata(fs.readFileSync(storedFile(ctx(), file_url)), 'stored file');
      const served = await ctx().request({ method: 'GET', url: file_url });
      await expectNoMetadata(served.rawPayload, 'served file');
      const name = file_url.split('/').pop()!;
      for (const width of [320, 640]) {
        const variant = await ctx().request({ method: 'GET', url: `/uploads/w/${width}/${name}` });
        expect(variant.statusCode).toBe(200);
        await expectNoMetadata(variant.rawPayload, `${width} px copy`);
      }
    },
  );
});
