// Analytics at scale on one database: ten million events generated into a throwaway database, the
// 90-day admin reports (summary, chart, bookings by source with its visitors) timed through HTTP as
// the admin screen asks for them, then POST /api/track under load (ingestion.ts) and GET / while it
// runs (mixed-load.ts).
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseTarget } from '../src/server/config.ts';
import { openDatabase, type Db } from '../src/server/db/database.ts';
import { periodDays } from '../src/shared/london-days.ts';
import { bulkLoadPostgres, bulkLoadSqlite, checkBulkMatchesWriter, type Rollups } from './lib/bulk-load.ts';
import { adminToken, startChildServer, type ChildServer } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import type { RoundPlan } from './lib/load.ts';
import { syntheticEvents, type SyntheticEvent } from './lib/synthetic-events.ts';
import { milliseconds, thousands, type Cell } from './lib/table.ts';
import { benchIngestion, trackBodies } from './ingestion.ts';
import { benchMixedLoad } from './mixed-load.ts';
import { createThrowawayDatabase, type Dialect } from './lib/throwaway-database.ts';

const PORT = 3911;
const SPAN_DAYS = 100; // a little more than the longest period, so the date filter has work to do
const CHECK_EVENTS = 20_000;
const CHECK_SPAN_DAYS = 10;
const REPORT_DAYS = 90;
const REPORT_WARM_UP = 3;
const REPORT_RUNS = 30;
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

export interface AnalyticsResult {
  dialect: Dialect;
  generation: Cell;
  summary: Cell;
  chart: Cell;
  bySource: Cell;
  track: Cell;
  loss: Cell;
  memory: Cell;
  mixed: Cell;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Checks the bulk path against the writer, then loads `events` events; returns what it wrote and how long it took. */
async function generate(target: DatabaseTarget, db: Db, events: number) {
  const endMs = Date.now() - 60_000;
  const bulkLoad = (stream: Iterable<SyntheticEvent>): Promise<Rollups> =>
    target.dialect === 'sqlite'
      ? Promise.resolve(bulkLoadSqlite(target.file, stream))
      : bulkLoadPostgres(target.url, stream);
  await checkBulkMatchesWriter(
    db,
    [...syntheticEvents({ count: CHECK_EVENTS, endMs, spanDays: CHECK_SPAN_DAYS })],
    bulkLoad,
  );
  const began = performance.now();
  const rollups = await bulkLoad(syntheticEvents({ count: events, endMs, spanDays: SPAN_DAYS }));
  if (target.dialect === 'postgres') {
    // What autovacuum does soon after a bulk load in production: statistics for the planner and the
    // visibility map that lets a count read the index alone.
    await sql`vacuum analyze analytics_events, analytics_daily, analytics_sessions, analytics_sessions_by_last_day, analytics_sessions_by_source`.execute(
      db,
    );
  }
  return { rollups, seconds: (performance.now() - began) / 1000 };
}

/** Throws unless the server's 90-day summary counts exactly what the bench generated. */
async function checkSummary(server: ChildServer, token: string, rollups: Rollups): Promise<void> {
  const [from] = periodDays(Date.now(), REPORT_DAYS) as [string];
  const count = (type: string) =>
    rollups
      .dailyRows()
      .filter((r) => r.day >= from && r.event_type === type)
      .reduce((sum, r) => sum + r.events, 0);
  const expected = {
    total_page_views: count('page_view'),
    unique_visitors: rollups.sessionRows().filter((s) => s.last_day >= from).length,
    button_clicks: count('button_click'),
    form_submissions: count('form_submit'),
  };
  const response = await fetch(`${server.origin}/api/admin/analytics/summary?days=${REPORT_DAYS}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { summary } = (await response.json()) as { summary: Record<string, unknown> };
  const got = Object.fromEntries(Object.keys(expected).map((key) => [key, summary[key]]));
  if (JSON.stringify(got) !== JSON.stringify(expected))
    throw new Error(
      `the 90-day summary is wrong: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
    );
  // Every generated visit's page view names its source, so the visitors per source add up to all.
  const bySource = await fetch(`${server.origin}/api/admin/enquiries/by-source?days=${REPORT_DAYS}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { sources } = (await bySource.json()) as { sources: { visitors: number | null }[] };
  const attributed = sources.reduce((sum, row) => sum + (row.visitors ?? 0), 0);
  if (attributed !== expected.unique_visitors)
    throw new Error(`visitors per source add up to ${attributed}, not ${expected.unique_visitors}`);
}

async function timeReport(server: ChildServer, token: string, report: string): Promise<Cell> {
  const url = `${server.origin}/api/admin/${report}?days=${REPORT_DAYS}`;
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
    return body;
  };
  for (let i = 0; i < REPORT_WARM_UP; i += 1) await get();
  const times: number[] = [];
  for (let i = 0; i < REPORT_RUNS; i += 1) {
    const began = performance.now();
    await get();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  return {
    met: median < GOALS.maxReportMs && p95 < GOALS.maxReportMs,
    text: `median **${milliseconds(median)}**, p95 **${milliseconds(p95)}**`,
  };
}

export async function benchAnalytics(
  dialect: Dialect,
  options: {
    tmp: string;
    postgresServerUrl: string;
    events: number;
    plan: RoundPlan;
    log: (line: string) => void;
  },
): Promise<AnalyticsResult> {
  const database = await createThrowawayDatabase(dialect, options);
  const db = openDatabase(database.target);
  let server: ChildServer | undefined;
  try {
    options.log(`${dialect}: generating ${thousands(options.events)} events…`);
    const { rollups, seconds } = await generate(database.target, db, options.events);
    options.log(`${dialect}: generated in ${seconds.toFixed(0)} s; timing reports and ingestion…`);
    server = await startChildServer({
      port: PORT,
      databaseUrl: database.url,
      dataDir: path.join(options.tmp, `analytics-${dialect}`),
      env: {
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The load comes from one address and a thousand sessions, far past a visitor's limits.
        TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: '1000000000',
        TRACK_SESSION_RATE_LIMIT_PER_MINUTE: '1000000000',
      },
    });
    const token = await adminToken(server.origin, ADMIN.email, ADMIN.password);
    await checkSummary(server, token, rollups);
    const summary = await timeReport(server, token, 'analytics/summary');
    const chart = await timeReport(server, token, 'analytics/chart-data');
    const bySource = await timeReport(server, token, 'enquiries/by-source');
    const ingestion = await benchIngestion(server, token, db, options.plan);
    options.log(`${dialect}: GET / alone and while tracking runs at half that rate…`);
    const mixed = await benchMixedLoad(server, trackBodies()[0]!, ingestion.trackMaxRps, options.plan);
    return {
      dialect,
      generation: {
        text:
          `${seconds.toFixed(0)} s (${thousands(options.events / seconds)} events/s` +
          `${dialect === 'postgres' ? ', VACUUM ANALYZE included' : ''}; rows = writer's on ${thousands(CHECK_EVENTS)})`,
      },
      summary,
      chart,
      bySource,
      track: ingestion.track,
      loss: ingestion.loss,
      memory: ingestion.memory,
      mixed,
    };
  } finally {
    await server?.stop();
    await db.destroy();
    await database.drop();
  }
}
