// Smaller copies of uploaded images for phones (docs/product.md#uploads).
// A copy is made the first time a width is asked for, kept beside the uploads, and served for a year;
// only a fixed set of widths exists, so nobody can make the server resize to arbitrary sizes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '#shared/constants.ts';

export const VARIANTS_URL_PREFIX = '/uploads/w/';

// Generated upload names and the demo pictures; never a path.
const IMAGE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|gif|webp|avif)$/;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

export function createImageVariants(uploadDir: string) {
  const variantsDir = path.join(uploadDir, '.variants');
  // Two visitors asking for the same new copy at once share one resize.
  const inFlight = new Map<string, Promise<void>>();

  async function resize(source: string, target: string, width: number): Promise<void> {
    // Loaded with the first resize: sharp (libvips) is the largest library the server uses.
    const { default: sharp } = await import('sharp');
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await sharp(source).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(partial);
      await fs.rename(partial, target);
    } finally {
      await fs.rm(partial, { force: true });
    }
  }

  return {
    /** The file of `name` at most `width` pixels wide (WebP), or undefined when there is no such image. */
    async variant(name: string, width: number): Promise<string | undefined> {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !IMAGE_NAME.test(name)) return undefined;
      const target = path.join(variantsDir, String(width), name.replace(/\.\w+$/, '.webp'));
      if (await exists(target)) return target;
      const source = path.join(uploadDir, name);
      if (!(await exists(source))) return undefined;
      let job = inFlight.get(target);
      if (!job) {
        job = resize(source, target, width).finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      await job;
      return target;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
