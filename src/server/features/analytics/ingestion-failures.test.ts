// Issue 15: one event the database refuses never blocks the others; a database that does not answer
// keeps the queue and is written to once it is back; shutdown ends within its deadline either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { expect, it, vi } from 'vitest';
import { pageView } from '../../testing/analytics-events.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import type { AnalyticsLog } from './deps.ts';
import { inlineWriter, threadWriter } from './event-writer.ts';
import { FLUSH_BATCH_SIZE } from './ingest-queue.ts';
import { createAnalyticsService } from './service.ts';

const event = (page: string, sessionId = 's-1') => pageView({ page, session_id: sessionId });

const recordingLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies AnalyticsLog;

/** Makes the database refuse, with an error of its own, every event whose page is `poisoned`. */
async function refusePoisonedEvents(ctx: TestContext) {
  if (ctx.dialect === 'sqlite') {
    await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON analytics_events WHEN NEW.page = 'poisoned'
      BEGIN SELECT RAISE(ABORT, 'poisoned row'); END`.execute(ctx.db);
    return () => sql`DROP TRIGGER refuse_poison`.execute(ctx.db);
  }
  await sql`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.page = 'poisoned' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$`.execute(
    ctx.db,
  );
  await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON analytics_events
    FOR EACH ROW EXECUTE FUNCTION refuse_poison()`.execute(ctx.db);
  return async () => {
    await sql`DROP TRIGGER refuse_poison ON analytics_events`.execute(ctx.db);
    await sql`DROP FUNCTION refuse_poison()`.execute(ctx.db);
  };
}

/** A handle on the test database that fails every query while `down` is set, as an outage would. */
function outage(ctx: TestContext) {
  const state = { down: false };
  const plugin: KyselyPlugin = {
    transformQuery: (args): RootOperationNode => {
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { state, db: ctx.db.withPlugin(plugin) };
}

const storedPages = async (ctx: TestContext) =>
  (await ctx.db.selectFrom('analytics_events').select('page').orderBy('id').execute()).map((r) => r.page);

describeEachDatabase('analytics ingestion when the database refuses or fails', (ctx) => {
  it.each(['inline', 'thread'] as const)(
    'drops only the event the database refuses, stores the rest of its batch, counts and logs it once (%s writer)',
    async (where) => {
      const restore = await refusePoisonedEvents(ctx());
      const log = recordingLog();
      const writer = createAnalyticsService(
        ctx().db,
        ctx().clock,
        { queueLimit: 10_000, retentionDays: 395 },
        log,
        where === 'inline' ? inlineWriter(ctx().db) : threadWriter(ctx().config.database, log),
      );
      try {
        const pages = Array.from({ length: 300 }, (_, i) => (i === 7 || i === 250 ? 'poisoned' : `/p${i}`));
        for (const page of pages) writer.enqueue(event(page));

        await writer.flush();

        expect(await storedPages(ctx())).toEqual(pages.filter((page) => page !== 'poisoned'));
        expect(writer.stats()).toMatchObject({ queued: 0, accepted: 300, written: 298, dropped_refused: 2 });
        expect(log.error).toHaveBeenCalledTimes(1);
        expect(log.error.mock.calls[0]![0]).toMatchObject({ refused: 2, stored: 298 });
        expect(String((log.error.mock.calls[0]![0] as { reason: string }).reason)).toContain('poisoned row');

        // The writer is not stuck: later events go straight in.
        writer.enqueue(event('/after'));
        await writer.flush();
        expect((await storedPages(ctx())).at(-1)).toBe('/after');
        // The rollups count exactly the stored events, never the dropped ones.
        const daily = await ctx().db.selectFrom('analytics_daily').select('events').execute();
        expect(daily.reduce((sum, row) => sum + Number(row.events), 0)).toBe(299);
      } finally {
        await writer.stop();
        await restore();
      }
    },
  );

  it('keeps every event while the database is down, backs off, and writes them all once it is back', async () => {
    const { state, db } = outage(ctx());
    const log = recordingLog();
    const writer = createAnalyticsService(db, ctx().clock, { queueLimit: 10_000, retentionDays: 395 }, log);
    const pages = Array.from({ length: FLUSH_BATCH_SIZE + 10 }, (_, i) => `/p${i}`);
    for (const page of pages.slice(0, 20)) writer.enqueue(event(page));

    state.down = true;
    await expect(writer.flush()).rejects.toThrow();
    await expect(writer.flush()).rejects.toThrow();
    expect(writer.stats()).toMatchObject({ queued: 20, written: 0, dropped_refused: 0 });
    expect(writer.stats().database_down_since).not.toBeNull();
    // One log line when the outage begins, not one a second.
    expect(log.error).toHaveBeenCalledTimes(1);

    for (const page of pages.slice(20)) writer.enqueue(event(page));
    state.down = false;
    await writer.flush();

    expect(await storedPages(ctx())).toEqual(pages);
    expect(writer.stats()).toMatchObject({ queued: 0, written: pages.length, database_down_since: null });
    expect(log.info).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('answers again'));
  });

  it('keeps every event when the writer thread cannot start, and never counts them as refused', async () => {
    const log = recordingLog();
    // A database the thread cannot open (its folder would be a file): it stops before answering.
    const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'range-writer-')), 'a-file');
    fs.writeFileSync(notAFolder, '');
    const broken = threadWriter({ dialect: 'sqlite', file: path.join(notAFolder, 'events.db') }, log);
    const writer = createAnalyticsService(
      ctx().db,
      ctx().clock,
      { queueLimit: 10_000, retentionDays: 395 },
      log,
      broken,
    );
    for (let i = 0; i < 5; i += 1) writer.enqueue(event(`/p${i}`));

    await expect(writer.flush()).rejects.toThrow(/writer thread stopped/);

    expect(writer.stats()).toMatchObject({ queued: 5, written: 0, dropped_refused: 0 });
    expect(writer.stats().database_down_since).not.toBeNull();
    expect(await storedPages(ctx())).toEqual([]);
    await writer.stop(200);
  });

  it('stops within its deadline during an outage and counts what it could not write', async () => {
    const { state, db } = outage(ctx());
    const log = recordingLog();
    const writer = createAnalyticsService(db, ctx().clock, { queueLimit: 10_000, retentionDays: 395 }, log);
    for (let i = 0; i < 5; i += 1) writer.enqueue(event(`/p${i}`));
    state.down = true;

    await writer.stop(200);

    expect(writer.stats()).toMatchObject({ queued: 0, dropped_at_shutdown: 5 });
    expect(log.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ lost: 5 }),
      expect.stringContaining('before shutdown'),
    );
  });

  it('at shutdown, waits for a database that comes back before the deadline and loses nothing', async () => {
    const { state, db } = outage(ctx());
    const writer = createAnalyticsService(
      db,
      ctx().clock,
      { queueLimit: 10_000, retentionDays: 395 },
      recordingLog(),
    );
    for (let i = 0; i < 5; i += 1) writer.enqueue(event(`/p${i}`));
    state.down = true;
    setTimeout(() => (state.down = false), 600);

    await writer.stop(3000);

    expect(writer.stats()).toMatchObject({ queued: 0, written: 5, dropped_at_shutdown: 0 });
    expect(await storedPages(ctx())).toHaveLength(5);
  });

  it('stops within its deadline when the database hangs, and does not wait for it', async () => {
    const log = recordingLog();
    let hang = true;
    let release: () => void = () => undefined;
    const hanging: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: (args) =>
        hang
          ? new Promise((resolve) => (release = () => resolve(args.result)))
          : Promise.resolve(args.result),
    };
    const writer = createAnalyticsService(
      ctx().db.withPlugin(hanging),
      ctx().clock,
      { queueLimit: 10_000, retentionDays: 395 },
      log,
    );
    for (let i = 0; i < 3; i += 1) writer.enqueue(event(`/p${i}`));
    const started = Date.now();

    await writer.stop(300);

    expect(Date.now() - started).toBeLessThan(5000);
    expect(writer.stats().dropped_at_shutdown).toBe(3);
    hang = false;
    release();
    // Let the abandoned write finish before the next test empties the tables.
    await writer.flush().catch(() => undefined);
  });
});
