// Demo content for a fresh install: enough of every kind that the public site looks alive. Seeded once
// per database (a marker in app_meta), so deleting demo items never brings them back.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { insertContent } from '../features/content/repository.ts';
import type { PictureKind, PictureSpec } from './demo-media.ts';

export const DEMO_SEEDED_KEY = 'demo_content_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The project folder (where package.json is): this file runs from src/server or compiled from dist/server. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

const picture = (
  file: string,
  kind: PictureKind,
  options: Partial<Omit<PictureSpec, 'file' | 'kind'>> = {},
): PictureSpec => ({ file, kind, width: 1200, height: 800, ...options });
const logo = (file: string, label: string, caption: string, seed: number) =>
  picture(file, 'logo', { label, caption, seed, width: 600, height: 300 });
const badge = (file: string, label: string, caption: string, seed: number) =>
  picture(file, 'badge', { label, caption, seed, width: 400, height: 400 });

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
const VIDEOS = ['hero-range.webm', 'demo-targets.mp4'];

const upload = (file: string) => `/uploads/${file}`;

function demoItems(now: number): Record<ContentKind, Record<string, unknown>[]> {
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  return {
    events: [
      {
        name: 'Summer Music Festival',
        location: 'Reading, Berkshire',
        date: day(21),
        image_url: upload('demo-event-festival.jpg'),
        order: 1,
      },
      {
        name: 'Corporate Team Day',
        location: 'Milton Keynes',
        date: day(35),
        image_url: upload('demo-event-corporate.jpg'),
        order: 2,
      },
      {
        name: 'County Agricultural Show',
        location: 'Shepton Mallet, Somerset',
        date: day(50),
        link: 'https://example.com/county-show',
        image_url: upload('demo-event-county-show.jpg'),
        order: 3,
      },
      {
        name: 'Private Birthday Party',
        location: 'Guildford, Surrey',
        date: day(64),
        image_url: upload('demo-event-private.jpg'),
        order: 4,
      },
      {
        name: 'Spring Fair',
        location: 'Oxford',
        date: day(-30),
        image_url: upload('demo-event-festival.jpg'),
        order: 5,
      },
      {
        name: 'Charity Fun Day',
        location: 'Bristol',
        date: day(-60),
        image_url: upload('demo-event-corporate.jpg'),
        order: 6,
      },
    ],
    gallery: [
      {
        title: 'Steel targets',
        image_url: upload('demo-gallery-action-1.jpg'),
        alt_text: 'Players shooting at steel targets',
        section: 'action-gallery',
        order: 1,
      },
      {
        title: 'Reaction test',
        image_url: upload('demo-gallery-action-2.jpg'),
        alt_text: 'Lit targets in a reaction test',
        section: 'action-gallery',
        order: 2,
      },
      {
        title: 'Team domination',
        image_url: upload('demo-gallery-action-3.jpg'),
        alt_text: 'Two teams on the range',
        section: 'action-gallery',
        order: 3,
      },
      {
        title: 'Lining up the shot',
        image_url: upload('demo-gallery-action-4.jpg'),
        alt_text: 'A view through the sight at a lit target',
        section: 'action-gallery',
        order: 4,
      },
      {
        title: 'Leaderboard',
        image_url: upload('demo-gallery-action-5.jpg'),
        alt_text: 'Players watching the live leaderboard',
        section: 'action-gallery',
        order: 5,
      },
      {
        title: 'Festival night',
        image_url: upload('demo-gallery-action-6.jpg'),
        alt_text: 'The range tent lit up at a festival at dusk',
        section: 'action-gallery',
        order: 6,
      },
      {
        title: 'The range at dusk',
        image_url: upload('demo-gallery-hero.jpg'),
        alt_text: 'The mobile range set up at a festival',
        section: 'hero',
        order: 1,
      },
      {
        title: 'Fully mobile',
        image_url: upload('demo-gallery-why-choose.jpg'),
        alt_text: 'The range trailer arriving on site',
        section: 'why-choose',
        order: 1,
      },
      {
        title: 'Game modes',
        image_url: upload('demo-gallery-game-modes.jpg'),
        alt_text: 'A shooter lining up on a target in a single-shooter game',
        section: 'game-modes',
        order: 1,
      },
      {
        title: 'Multi-shooter games',
        image_url: upload('demo-gallery-game-modes-2.jpg'),
        alt_text: 'Four shooters competing side by side on the lanes',
        section: 'game-modes',
        order: 2,
      },
      {
        title: 'Staffed and supervised',
        image_url: upload('demo-gallery-deliver.jpg'),
        alt_text: 'A marshal in a hi-vis vest supervising the firing line',
        section: 'deliver',
        order: 1,
      },
    ],
    videos: [
      {
        title: 'The range in action',
        video_type: 'upload',
        video_url: upload('hero-range.webm'),
        thumbnail_url: upload('demo-video-hero-poster.jpg'),
        description: 'Background video for the top of the page',
        category: 'hero',
        order: 1,
      },
      {
        title: 'Target demo',
        video_type: 'upload',
        video_url: upload('demo-targets.mp4'),
        thumbnail_url: upload('demo-video-demo-poster.jpg'),
        description: 'A short look at the interactive targets',
        category: 'gallery',
        order: 2,
      },
    ],
    testimonials: [
      {
        client_name: 'Sarah Thompson',
        company: 'Summer Fest Ltd',
        testimonial_text:
          'The queue never stopped all weekend. Professional, safe and huge fun for every age.',
        rating: 5,
        order: 1,
      },
      {
        client_name: 'James Patel',
        company: 'Acme Events',
        testimonial_text:
          'Our team day was a hit: the reaction games got everyone competing. We have already rebooked.',
        rating: 5,
        order: 2,
      },
      {
        client_name: 'Emma Clarke',
        company: 'County Show Committee',
        testimonial_text: 'Easy to organise, brilliant staff and a real crowd-puller for the show.',
        rating: 4,
        order: 3,
      },
    ],
    logos: [
      {
        name: 'Summer Fest',
        logo_url: upload('demo-logo-festival.png'),
        website_url: 'https://example.com/summer-fest',
        order: 1,
      },
      { name: 'County Show', logo_url: upload('demo-logo-county.png'), order: 2 },
      {
        name: 'Acme Events',
        logo_url: upload('demo-logo-corporate.png'),
        website_url: 'https://example.com/acme',
        order: 3,
      },
      { name: 'Fun Day Co', logo_url: upload('demo-logo-school.png'), order: 4 },
    ],
    badges: [
      {
        name: 'Fully insured',
        badge_url: upload('demo-badge-insured.png'),
        description: 'Public liability insurance for every event',
        order: 1,
      },
      {
        name: 'Safety trained staff',
        badge_url: upload('demo-badge-safety.png'),
        description: 'Every marshal is trained in range safety',
        order: 2,
      },
    ],
  };
}

/** Seeds demo content once; returns false when this database already had it. */
export async function seedDemoContent(db: Db, clock: Clock, uploadDir: string): Promise<boolean> {
  const already = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DEMO_SEEDED_KEY)
    .executeTakeFirst();
  if (already) return false;

  // Loaded only now: drawing needs sharp, which a server that has seeded before never loads at start.
  const { copyDemoVideo, drawPicture } = await import('./demo-media.ts');
  // Drawn side by side: sharp encodes on its own threads.
  await Promise.all(DEMO_PICTURES.map((spec) => drawPicture(uploadDir, spec)));
  const videoDir = path.join(projectRoot(), 'demo', 'media');
  for (const file of VIDEOS) await copyDemoVideo(videoDir, uploadDir, file);

  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    // The marker row doubles as a lock: a second instance starting at the same moment fails this
    // insert (primary key) and rolls back instead of seeding twice.
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: DEMO_SEEDED_KEY, value: new Date(now).toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    for (const [kind, items] of Object.entries(demoItems(now)) as [
      ContentKind,
      Record<string, unknown>[],
    ][]) {
      for (const item of items) {
        const valid = CONTENT_KINDS[kind].input.parse(item) as Record<string, unknown>;
        await insertContent(trx, kind, { ...valid, is_active: 1, created_at: now, updated_at: now });
      }
    }
    return true;
  });
}
