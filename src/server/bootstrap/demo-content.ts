// Demo content for a fresh install: enough of every kind that the public site looks alive. Seeded once
// per database (a marker in app_meta), so deleting demo items never brings them back.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { insertContent } from '../features/content/repository.ts';
import { copyDemoVideo, drawPicture, type PictureSpec } from './demo-media.ts';

export const DEMO_SEEDED_KEY = 'demo_content_seeded_at';
const DEMO_VIDEO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../demo/media');
const DAY_MS = 24 * 60 * 60 * 1000;

const OLIVE = '#2f3a1f';
const DARK = '#11140d';
const picture = (
  file: string,
  label: string,
  from = OLIVE,
  to = DARK,
  width = 1200,
  height = 800,
): PictureSpec => ({
  file,
  label,
  width,
  height,
  from,
  to,
});

const PICTURES: PictureSpec[] = [
  picture('demo-event-festival.jpg', 'Festival Range'),
  picture('demo-event-corporate.jpg', 'Corporate Day', '#1f2f3a'),
  picture('demo-event-county-show.jpg', 'County Show', '#3a2f1f'),
  picture('demo-event-private.jpg', 'Private Party', '#3a1f2f'),
  picture('demo-gallery-action-1.jpg', 'Steel targets'),
  picture('demo-gallery-action-2.jpg', 'Reaction test', '#4b5320'),
  picture('demo-gallery-action-3.jpg', 'Team domination', '#1f3a2f'),
  picture('demo-gallery-hero.jpg', 'Lock in. Take aim.', '#4b5320', DARK, 1920, 1080),
  picture('demo-gallery-why-choose.jpg', 'Fully mobile', '#2f2f2f'),
  picture('demo-gallery-game-modes.jpg', 'Game modes', '#3a3a1f'),
  picture('demo-video-hero-poster.jpg', 'The range', OLIVE, DARK, 1280, 720),
  picture('demo-video-demo-poster.jpg', 'Target demo', '#1f2f3a', DARK, 1280, 720),
  picture('demo-logo-festival.png', 'Summer Fest', '#222222', '#444444', 600, 300),
  picture('demo-logo-county.png', 'County Show', '#222222', '#444444', 600, 300),
  picture('demo-logo-corporate.png', 'Acme Events', '#222222', '#444444', 600, 300),
  picture('demo-logo-school.png', 'Fun Day Co', '#222222', '#444444', 600, 300),
  picture('demo-badge-insured.png', 'Insured', '#1f3a1f', '#0d1a0d', 400, 400),
  picture('demo-badge-safety.png', 'Safety First', '#3a1f1f', '#1a0d0d', 400, 400),
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
        alt_text: 'The game mode screen',
        section: 'game-modes',
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

  for (const spec of PICTURES) await drawPicture(uploadDir, spec);
  for (const file of VIDEOS) await copyDemoVideo(DEMO_VIDEO_DIR, uploadDir, file);

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
