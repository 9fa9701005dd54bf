// The demo pictures and their phone-sized copies, made once for every e2e server of a run. A server
// seeding the demo content draws the pictures first (about 3 s of CPU), makes a WebP copy of a
// picture the first time a browser asks for a width (tenths of a second each), and an AVIF copy in
// the background after it (about a second each, decision 0493): 30-odd servers a run did all of it
// again, the AVIF copies while the tests ran. They are made here once, in a folder named after what they are made from, and
// copied into each server's uploads folder before it starts; the server's drawing then finds every
// file there and the copies are served as they are (docs/decisions/0482).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '../../src/shared/constants.ts';

const DEMO_SOURCES = ['src/demo', 'demo/media', 'src/server/features/uploads/variants.ts'];

/** A fingerprint of everything the folder is made from: a change to any of it makes another folder. */
function fingerprint(): string {
  const hash = createHash('sha256').update(JSON.stringify(IMAGE_WIDTHS));
  for (const source of DEMO_SOURCES) {
    const files = fs.statSync(source).isDirectory()
      ? fs
          .readdirSync(source, { recursive: true, encoding: 'utf8' })
          .sort()
          .map((file) => path.join(source, file))
      : [source];
    for (const file of files.filter((name) => fs.statSync(name).isFile()))
      hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function make(folder: string): Promise<void> {
  // Imported only here: sharp's SVG renderer is not loaded by a worker that finds the folder made.
  const { DEMO_PICTURES, drawDemoMedia } = await import('../../src/demo/demo-media.ts');
  const { createImageVariants } = await import('../../src/server/features/uploads/variants.ts');
  await drawDemoMedia(folder, path.resolve('demo/media'));
  const variants = createImageVariants(folder, console);
  for (const width of IMAGE_WIDTHS)
    await Promise.all(DEMO_PICTURES.map((picture) => variants.makeBoth(picture.file, width)));
}

let made: Promise<string> | undefined;

/**
 * The folder holding the demo media and every width of copy, made at the first call in any process
 * (a run's global setup, the screenshots, the bench) and found by the later ones.
 */
export function demoMediaFolder(): Promise<string> {
  made ??= (async () => {
    const folder = path.join(os.tmpdir(), `range-e2e-demo-media-${fingerprint()}`);
    if (fs.existsSync(folder)) return folder;
    // Made beside it and renamed into place: a process finding the folder finds it whole.
    const partial = `${folder}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await make(partial);
      fs.renameSync(partial, folder);
    } catch (error) {
      if (!fs.existsSync(folder)) throw error; // another process made it first: theirs is the same
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
    return folder;
  })();
  return made;
}
