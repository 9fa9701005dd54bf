// Demo content for a fresh install: enough of every kind that the public site looks alive. Seeded once
// per database (a marker in app_meta), so deleting demo items never brings them back.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { entryArgs, projectRoot } from '../lib/entry-points.ts';
import { takeEventDay, type CalendarEvent } from '../features/bookings/days.ts';
import { insertContent } from '../features/content/repository.ts';
import { demoItems } from './demo-items.ts';

export const DEMO_SEEDED_KEY = 'demo_content_seeded_at';

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
        // Flags are stored as 0/1 (events' is_private, decision 0442; needs_crew, 0468).
        const flags =
          kind === 'events'
            ? { is_private: valid.is_private ? 1 : 0, needs_crew: valid.needs_crew ? 1 : 0 }
            : {};
        const row = await insertContent(trx, kind, {
          ...valid,
          ...flags,
          is_active: 1,
          created_at: now,
          updated_at: now,
        });
        // The demo events are the owner's own: each takes its day on the bookings calendar.
        if (kind === 'events') await takeEventDay(trx, row as unknown as CalendarEvent);
      }
    }
    return true;
  });
}
