// The demo content's media: the pictures drawn from SVG scenes (pictures.ts) and the two small videos
// kept in demo/media. Drawn in a process of their own at first run (draw-demo-media.ts), so the
// server never loads the image library's SVG renderer and keeps none of the memory it used.
import fs from 'node:fs/promises';
import path from 'node:path';
import { drawPicture, type PictureKind, type PictureSpec } from './pictures.ts';

const picture = (
  file: string,
  kind: PictureKind,
  options: Partial<Omit<PictureSpec, 'file' | 'kind'>> = {},
): PictureSpec => ({ file, kind, width: 1200, height: 800, ...options });
const logo = (file: string, label: string, caption: string, seed: number) =>
  picture(file, 'logo', { label, caption, seed, width: 600, height: 300 });
const badge = (file: string, label: string, caption: string, seed: number) =>
  picture(file, 'badge', { label, caption, seed, width: 400, height: 400 });

/** Every demo picture, by the file name the demo content refers to. */
export const DEMO_PICTURES: PictureSpec[] = [
  picture('demo-event-festival.jpg', 'festival'),
  picture('demo-event-corporate.jpg', 'corporate', { seed: 3 }),
  picture('demo-event-county-show.jpg', 'trailer', { seed: 5 }),
  picture('demo-event-private.jpg', 'party', { seed: 7 }),
  picture('demo-gallery-action-1.jpg', 'target', { seed: 11 }),
  picture('demo-gallery-action-2.jpg', 'reaction', { seed: 13 }),
  picture('demo-gallery-action-3.jpg', 'team', { seed: 17 }),
  picture('demo-gallery-action-4.jpg', 'crosshair', { seed: 19 }),
  picture('demo-gallery-action-5.jpg', 'scoreboard', { seed: 23 }),
  picture('demo-gallery-action-6.jpg', 'festival', { seed: 29 }),
  picture('demo-gallery-hero.jpg', 'range', { seed: 31, width: 1920, height: 1080 }),
  picture('demo-gallery-why-choose.jpg', 'trailer', { seed: 37 }),
  picture('demo-gallery-game-modes.jpg', 'crosshair', { seed: 41 }),
  picture('demo-gallery-game-modes-2.jpg', 'team', { seed: 43 }),
  picture('demo-gallery-deliver.jpg', 'marshal', { seed: 47 }),
  picture('demo-video-hero-poster.jpg', 'range', { seed: 53, width: 1280, height: 720 }),
  picture('demo-video-demo-poster.jpg', 'reaction', { seed: 59, width: 1280, height: 720 }),
  logo('demo-logo-festival.png', 'Summer Fest', 'Music & Arts', 0),
  logo('demo-logo-county.png', 'County Show', 'Est. 1872', 1),
  logo('demo-logo-corporate.png', 'Acme Events', 'Corporate', 2),
  logo('demo-logo-school.png', 'Fun Day Co', 'Family Events', 3),
  badge('demo-badge-insured.png', 'Fully Insured', 'Public liability', 0),
  badge('demo-badge-safety.png', 'Safety First', 'Trained marshals', 1),
];
/** The demo videos, copied from the repository's demo/media folder. */
export const DEMO_VIDEOS = ['hero-range.webm', 'demo-targets.mp4'];

/** Draws every demo picture and copies the videos into `uploadDir`; files already there are kept. */
export async function drawDemoMedia(uploadDir: string, videoSourceDir: string): Promise<void> {
  await fs.mkdir(uploadDir, { recursive: true });
  // Side by side: sharp encodes on its own threads.
  await Promise.all(DEMO_PICTURES.map((spec) => drawPicture(uploadDir, spec)));
  for (const file of DEMO_VIDEOS)
    await copyIfMissing(path.join(videoSourceDir, file), path.join(uploadDir, file));
}

async function copyIfMissing(source: string, target: string): Promise<void> {
  try {
    await fs.access(target);
  } catch {
    await fs.copyFile(source, target);
  }
}
