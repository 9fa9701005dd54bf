// Demo content for a fresh install: enough of every kind that the public site looks alive. Seeded once
// per database (a marker in app_meta), so deleting demo items never brings them back.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { entryArgs, projectRoot } from '../lib/entry-points.ts';
import { insertContent } from '../features/content/repository.ts';

export const DEMO_SEEDED_KEY = 'demo_content_seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What stderr of a failed drawing is kept for the error message. */
const STDERR_KEPT_CHARS = 4000;

/**
 * Draws the demo media (src/demo) in a child process: sharp's SVG renderer, and the memory it takes,
 * stay out of the server (issue 18). The compiled server runs the compiled entry; from sources (tests,
 * `npm run dev`) the TypeScript one.
 */
async function drawDemoMediaApart(uploadDir: string): Promise<void> {
  const root = projectRoot();
  const entry = entryArgs('draw-demo-media', 'src/demo/draw-demo-media.ts');
  const args = [...entry, path.resolve(uploadDir), path.join(root, 'demo', 'media')];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`Drawing the demo media failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`),
        );
    });
  });
}

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

  await drawDemoMediaApart(uploadDir);

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
