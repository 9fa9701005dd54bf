// Unique visitors come from `analytics_sessions_by_last_day` (migration 0006), and visitors per source
// from `analytics_sessions_by_source` (migration 0013), kept in step with the sessions on every write,
// purge and reset; these prove the reports still count what docs/product.md#analytics-definitions
// and decision 0428 define.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrations } from '../../db/migrate.ts';
import { pageView } from '../../testing/analytics-events.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { visitorsBySourceSince } from './report-queries.ts';
import { createAnalyticsService } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const sessionView = (sessionId: string, source: string | null = null) =>
  pageView({ session_id: sessionId, source });

/** Each visit written in a batch of its own, as visits on different days are in production. */
async function visit(ctx: TestContext, daysAgo: number, sessionId: string, source: string | null = null) {
  const now = ctx.clock.now();
  ctx.clock.set(now - daysAgo * DAY);
  ctx.services.analytics.enqueue(sessionView(sessionId, source));
  ctx.clock.set(now);
  await ctx.services.analytics.flush();
}

const visitors = async (ctx: TestContext, days: number) =>
  (await ctx.services.analytics.summary(days)).unique_visitors;

/** The rollup must always say what counting the sessions themselves says. */
async function expectRollupMatchesSessions(db: Db) {
  const counted = await db
    .selectFrom('analytics_sessions')
    .select((eb) => ['last_day', eb.fn.countAll<number>().as('sessions')])
    .groupBy('last_day')
    .orderBy('last_day')
    .execute();
  const rollup = await db
    .selectFrom('analytics_sessions_by_last_day')
    .select(['last_day', 'sessions'])
    .where('sessions', '<>', 0)
    .orderBy('last_day')
    .execute();
  expect(rollup.map((r) => ({ ...r, sessions: Number(r.sessions) }))).toEqual(
    counted.map((r) => ({ ...r, sessions: Number(r.sessions) })),
  );
  const countedBySource = await db
    .selectFrom('analytics_sessions')
    .select((eb) => ['last_day', 'source', eb.fn.countAll<number>().as('sessions')])
    .where('source', 'is not', null)
    .groupBy(['last_day', 'source'])
    .orderBy('last_day')
    .orderBy('source')
    .execute();
  const bySource = await db
    .selectFrom('analytics_sessions_by_source')
    .select(['last_day', 'source', 'sessions'])
    .where('sessions', '<>', 0)
    .orderBy('last_day')
    .orderBy('source')
    .execute();
  expect(bySource.map((r) => ({ ...r, sessions: Number(r.sessions) }))).toEqual(
    countedBySource.map((r) => ({ ...r, sessions: Number(r.sessions) })),
  );
}

const visitorsBySource = async (ctx: TestContext, days: number) => {
  const from = new Date(ctx.clock.now() - (days - 1) * DAY).toLocaleDateString('en-CA', {
    timeZone: 'Europe/London',
  });
  return Object.fromEntries(await visitorsBySourceSince(ctx.db, from));
};

describeEachDatabase('analytics visitor counts', (ctx) => {
  it('counts a returning visitor once, in every period that includes the day last seen', async () => {
    await visit(ctx(), 40, 'only-long-ago');
    await visit(ctx(), 20, 'returning');
    await visit(ctx(), 10, 'returning');
    await visit(ctx(), 10, 'twice-that-day');
    await visit(ctx(), 10, 'twice-that-day');
    await visit(ctx(), 3, 'recent');
    await visit(ctx(), 0, 'returning');

    expect(await visitors(ctx(), 7)).toBe(2); // returning (today), recent
    expect(await visitors(ctx(), 14)).toBe(3); // + twice-that-day
    expect(await visitors(ctx(), 30)).toBe(3);
    expect(await visitors(ctx(), 90)).toBe(4); // + only-long-ago
    await expectRollupMatchesSessions(ctx().db);
  });

  it('counts a session seen on several days within one batch by its latest day', async () => {
    const now = ctx().clock.now();
    for (const daysAgo of [12, 2, 9]) {
      ctx().clock.set(now - daysAgo * DAY);
      ctx().services.analytics.enqueue(sessionView('one-batch'));
    }
    ctx().clock.set(now);
    await ctx().services.analytics.flush();
    await visit(ctx(), 30, 'one-batch'); // an older event arriving later moves nothing back

    expect(await visitors(ctx(), 7)).toBe(1);
    await expectRollupMatchesSessions(ctx().db);
  });

  it('counts each visitor under the source of the first page view that sent one', async () => {
    await visit(ctx(), 20, 'newsletter-reader', 'newsletter');
    await visit(ctx(), 3, 'newsletter-reader', 'direct'); // came back later by typing the address
    await visit(ctx(), 10, 'before-sources'); // a page from before sources were sent
    await visit(ctx(), 2, 'before-sources', 'google');
    await visit(ctx(), 40, 'long-ago', 'google');
    await visit(ctx(), 1, 'only-sections', null);
    await visit(ctx(), 1, 'direct', 'direct');

    expect(await visitorsBySource(ctx(), 7)).toEqual({ newsletter: 1, google: 1, direct: 1 });
    expect(await visitorsBySource(ctx(), 90)).toEqual({ newsletter: 1, google: 2, direct: 1 });
    expect(await visitors(ctx(), 7)).toBe(4); // the unattributed visitor is still a visitor
    await expectRollupMatchesSessions(ctx().db);
  });

  it('drops the counts of purged sessions and keeps the rest', async () => {
    await visit(ctx(), 400, 'expired', 'google');
    await visit(ctx(), 5, 'kept', 'google');
    await ctx().services.analytics.purgeExpired();

    expect(await visitors(ctx(), 90)).toBe(1);
    expect(await visitorsBySource(ctx(), 90)).toEqual({ google: 1 });
    await expectRollupMatchesSessions(ctx().db);
  });

  it('counts nobody after a reset', async () => {
    await visit(ctx(), 1, 'a', 'google');
    await visit(ctx(), 2, 'b');
    await ctx().services.analytics.reset();

    expect(await visitors(ctx(), 90)).toBe(0);
    expect(await ctx().db.selectFrom('analytics_sessions_by_last_day').selectAll().execute()).toEqual([]);
    expect(await ctx().db.selectFrom('analytics_sessions_by_source').selectAll().execute()).toEqual([]);
  });

  it('stays exact when several instances write the same sessions at once', async () => {
    // Four instances (each its own writer) over one database. Each reports a section of its own, so
    // their batches share no daily rollup row (which would make them wait for one another anyway) but
    // do share visitors: new ones every round, and returning ones seen on different days.
    const now = ctx().clock.now();
    const instances = Array.from({ length: 4 }, () =>
      createAnalyticsService(ctx().db, ctx().clock, { queueLimit: 100_000, retentionDays: 395 }, quiet),
    );
    const rounds = 5;
    const perRound = 50;
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, instance] of instances.entries()) {
        for (let visitor = 0; visitor < perRound; visitor += 1) {
          ctx().clock.set(now - ((visitor + i + round) % 7) * DAY);
          for (const sessionId of [`returning-${visitor}`, `new-${round}-${visitor}`]) {
            instance.enqueue({
              ...sessionView(sessionId),
              event_type: 'section_impression',
              section: `s${i}`,
            });
            // Some instances see the visit's page view first (a source arrives), some do not.
            if ((visitor + round) % 3 === i % 3)
              instance.enqueue({
                ...sessionView(sessionId, visitor % 2 ? 'google' : 'direct'),
                section: `s${i}`,
              });
          }
        }
      }
      ctx().clock.set(now);
      await Promise.all(instances.map((instance) => instance.flush()));
    }

    expect(await visitors(ctx(), 7)).toBe(perRound + rounds * perRound);
    await expectRollupMatchesSessions(ctx().db);
  });
});

describe('migration 0006', () => {
  it('counts the sessions an existing database already holds', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-0006-'));
    const db = openDatabase({ dialect: 'sqlite', file: path.join(tmp, 'app.db') });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0006-sessions-by-last-day') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await db
        .insertInto('analytics_sessions')
        .values([
          { session_id: 'a', first_day: '2026-06-01', last_day: '2026-06-10' },
          { session_id: 'b', first_day: '2026-06-10', last_day: '2026-06-10' },
          { session_id: 'c', first_day: '2026-06-12', last_day: '2026-06-14' },
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      await expectRollupMatchesSessions(db);
      expect(
        await db.selectFrom('analytics_sessions_by_last_day').selectAll().orderBy('last_day').execute(),
      ).toEqual([
        { last_day: '2026-06-10', sessions: 2 },
        { last_day: '2026-06-14', sessions: 1 },
      ]);
    } finally {
      await db.destroy();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
