// Smaller copies of uploaded images for phones (docs/product.md#uploads).
// A copy is made the first time a width is asked for, kept beside the uploads, and served for a year;
// only a fixed set of widths exists, so nobody can make the server resize to arbitrary sizes.
// Each width has a WebP copy, made while the first visitor waits (tens of milliseconds), and an AVIF
// copy, about 40 % smaller, for browsers that say they take it. AVIF takes ten to twenty times as long
// to make, so it is never waited for: the first visitor gets WebP while the AVIF copy is made in the
// background, one at a time, and later visitors get AVIF (decision 0493).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '#shared/constants.ts';

export const VARIANTS_URL_PREFIX = '/uploads/w/';

// Generated upload names and the demo pictures; never a path.
const IMAGE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|gif|webp|avif)$/;

export type VariantFormat = 'webp' | 'avif';

export interface ImageVariant {
  file: string;
  format: VariantFormat;
}

export interface VariantsLog {
  warn(obj: object, msg: string): void;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Writes the copy under a temporary name first: a visitor never gets half a file. */
async function resize(source: string, target: string, width: number, format: VariantFormat): Promise<void> {
  // Loaded with the first resize: sharp (libvips) is the largest library the server uses.
  const { default: sharp } = await import('sharp');
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  try {
    const resized = sharp(source).resize({ width, withoutEnlargement: true });
    // AVIF at sharp's default quality looks like WebP at 80 in about 60 % of the bytes.
    await (
      format === 'avif' ? resized.avif({ quality: 50, effort: 4 }) : resized.webp({ quality: 80 })
    ).toFile(partial);
    await fs.rename(partial, target);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * AVIF copies still to make, in the order they were first asked for; one is made at a time, so a page
 * of new pictures waits its turn instead of starting an encoder (and its threads) per picture.
 */
function createAvifQueue(log: VariantsLog) {
  const queue = new Map<string, { source: string; width: number }>();
  const failed = new Set<string>();
  let work: Promise<void> | undefined;
  let stopped = false;

  async function makeCopies(): Promise<void> {
    for (const [target, { source, width }] of queue) {
      if (stopped) break;
      try {
        await resize(source, target, width, 'avif');
      } catch (err) {
        // Not tried again until a restart: WebP is served meanwhile, as before AVIF existed.
        failed.add(target);
        log.warn({ err, file: target }, 'could not make the AVIF copy of an image; WebP is served');
      }
      queue.delete(target);
    }
    work = undefined;
  }

  return {
    add(source: string, target: string, width: number): void {
      if (stopped || queue.has(target) || failed.has(target)) return;
      queue.set(target, { source, width });
      work ??= makeCopies();
    },
    async settled(): Promise<void> {
      while (work) await work;
    },
    async stop(): Promise<void> {
      stopped = true;
      await work;
    },
  };
}

export function createImageVariants(uploadDir: string, log: VariantsLog) {
  const variantsDir = path.join(uploadDir, '.variants');
  const targetOf = (name: string, width: number, format: VariantFormat) =>
    path.join(variantsDir, String(width), name.replace(/\.\w+$/, `.${format}`));
  // Two visitors asking for the same new WebP copy at once share one resize.
  const inFlight = new Map<string, Promise<void>>();
  const avifCopies = createAvifQueue(log);

  async function webpVariant(name: string, width: number): Promise<string | undefined> {
    const target = targetOf(name, width, 'webp');
    if (await exists(target)) return target;
    const source = path.join(uploadDir, name);
    if (!(await exists(source))) return undefined;
    let job = inFlight.get(target);
    if (!job) {
      job = resize(source, target, width, 'webp').finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
    return target;
  }

  return {
    /**
     * The copy of `name` at most `width` pixels wide: AVIF when the browser takes it and the copy is
     * made (else it is queued), WebP otherwise; undefined when there is no such image or width.
     */
    async variant(name: string, width: number, acceptsAvif = false): Promise<ImageVariant | undefined> {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !IMAGE_NAME.test(name)) return undefined;
      if (acceptsAvif) {
        const avif = targetOf(name, width, 'avif');
        if (await exists(avif)) return { file: avif, format: 'avif' };
        const webp = await webpVariant(name, width);
        if (webp) avifCopies.add(path.join(uploadDir, name), avif, width);
        return webp ? { file: webp, format: 'webp' } : undefined;
      }
      const webp = await webpVariant(name, width);
      return webp ? { file: webp, format: 'webp' } : undefined;
    },
    /** Makes both copies of `name` at `width` now, waited for (the e2e suite's demo pictures). */
    async makeBoth(name: string, width: number): Promise<void> {
      const webp = await webpVariant(name, width);
      const avif = targetOf(name, width, 'avif');
      if (webp && !(await exists(avif))) await resize(path.join(uploadDir, name), avif, width, 'avif');
    },
    /** Resolves once every AVIF copy asked for so far is made (tests, benchmarks). */
    avifSettled: () => avifCopies.settled(),
    /** On shutdown: the copies not yet begun are dropped (asked for again later); the one being made ends. */
    stop: () => avifCopies.stop(),
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
