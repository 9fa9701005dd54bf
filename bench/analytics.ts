// Analytics at scale on one database: ten million events generated into a throwaway database, the
// 90-day admin reports timed through HTTP as the admin screen asks for them, then POST /api/track
// under load against the same server's cheapest request, with every 2xx counted in the database and
// the server's resident memory followed throughout.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseTarget } from '../src/server/config.ts';
import { openDatabase, type Db } from '../src/server/db/database.ts';
import type { IngestStats } from '../src/shared/schemas/analytics.ts';
import { periodDays } from '../src/shared/london-days.ts';
import { bulkLoadPostgres, bulkLoadSqlite, checkBulkMatchesWriter, type Rollups } from './lib/bulk-load.ts';
import { adminToken, startChildServer, type ChildServer } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import {
  compareAlternating,
  requireAll2xx,
  type Comparison,
  type RoundPlan,
  type Side,
  type SideSummary,
} from './lib/load.ts';
import { followMemory, type MemoryTrace } from './lib/memory.ts';
import { syntheticEvents, type SyntheticEvent } from './lib/synthetic-events.ts';
import { milliseconds, thousands, type Cell } from './lib/table.ts';
import { benchMixedLoad } from './mixed-load.ts';
import { createThrowawayDatabase, type Dialect } from './lib/throwaway-database.ts';

const PORT = 3911;
const SPAN_DAYS = 100; // a little more than the longest period, so the date filter has work to do
const CHECK_EVENTS = 20_000;
const CHECK_SPAN_DAYS = 10;
const REPORT_DAYS = 90;
const REPORT_WARM_UP = 3;
const REPORT_RUNS = 30;
const TRACK_CONNECTIONS = 64;
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
/**
 * The reference for POST /api/track: the cheapest request that takes the same way through the server
 * (Fastify's routing, hooks and headers) — a constant answer, no database. The cached public lists are
 * cheaper still, but they are answered before Fastify and have their own comparison with bare Node.
 */
const CHEAPEST = '/api/captcha/config';
const TRACK_BODIES = 1000;
const WRITTEN_WITHIN_MS = 30_000;

export interface AnalyticsResult {
  dialect: Dialect;
  generation: Cell;
  summary: Cell;
  chart: Cell;
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
}

async function timeReport(server: ChildServer, token: string, report: string): Promise<Cell> {
  const url = `${server.origin}/api/admin/analytics/${report}?days=${REPORT_DAYS}`;
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

/** Page views, clicks, submissions and section views from a thousand visitors, as tracker 1 sends them. */
function trackBodies(): string[] {
  const bodies: string[] = [];
  for (const event of syntheticEvents({ count: TRACK_BODIES * 4, endMs: Date.now(), spanDays: 1 })) {
    if (event.event_type.startsWith('section_') && event.event_type !== 'section_view') continue;
    const { section: _section, created_at: _createdAt, ...body } = event;
    bodies.push(JSON.stringify(body));
    if (bodies.length === TRACK_BODIES) break;
  }
  return bodies;
}

const countEvents = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Waits (boundedly) until the server has written every event it accepted; what it never writes shows as lost. */
async function waitUntilWritten(server: ChildServer, token: string): Promise<void> {
  const deadline = Date.now() + WRITTEN_WITHIN_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.origin}/api/admin/analytics/ingest-stats`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // A batch being written has left the queue already: done once everything accepted is written.
    const stats = (await response.json()) as IngestStats;
    if (stats.written >= stats.accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the server itself spent: on this 2-core machine the load generator shares the CPU, so the
 * req/s ratio also measures autocannon's own cost per request. CPU time per answer is the server's
 * alone; "busy" says how close to one full core the server ran (below 100 % the client was the limit).
 */
function serverCost({ subject, reference }: Comparison): string {
  if (subject.cpuPerAnswerUs === undefined || reference.cpuPerAnswerUs === undefined) return '';
  const percent = (share: number | undefined) => `${Math.round((share ?? 0) * 100)} %`;
  const loop = (side: SideSummary) => side.eventLoopCpuPerAnswerUs ?? 0;
  return (
    `; server CPU per answer ${subject.cpuPerAnswerUs.toFixed(0)} vs ${reference.cpuPerAnswerUs.toFixed(0)} µs ` +
    `(**${(reference.cpuPerAnswerUs / subject.cpuPerAnswerUs).toFixed(2)}×**), of it on the event loop ` +
    `${loop(subject).toFixed(0)} vs ${loop(reference).toFixed(0)} µs (**${(loop(reference) / loop(subject)).toFixed(2)}×**); ` +
    `server busy ${percent(subject.serverBusy)} vs ${percent(reference.serverBusy)}`
  );
}

async function benchIngestion(server: ChildServer, token: string, db: Db, plan: RoundPlan) {
  const bodies = trackBodies();
  let next = 0;
  const track: Side = {
    name: 'POST /api/track',
    serverPid: server.pid,
    options: {
      url: `${server.origin}/api/track`,
      method: 'POST',
      connections: TRACK_CONNECTIONS,
      // As navigator.sendBeacon sends it from a browser that accepted cookies (without the consent
      // cookie nothing is stored).
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        cookie: 'cookie_consent=true',
      },
      requests: [
        {
          setupRequest: (request) => {
            next = (next + 1) % bodies.length;
            return { ...request, body: bodies[next] };
          },
        },
      ],
    },
  };
  const cheapest: Side = {
    name: `GET ${CHEAPEST}`,
    serverPid: server.pid,
    options: { url: `${server.origin}${CHEAPEST}`, connections: TRACK_CONNECTIONS },
  };

  const before = await countEvents(db);
  const memory = followMemory(server.pid);
  const comparison = await compareAlternating(track, cheapest, plan);
  await waitUntilWritten(server, token);
  const trace: MemoryTrace = memory.stop();
  requireAll2xx(cheapest, comparison.reference);
  const stored = (await countEvents(db)) - before;
  const answered =
    comparison.subject.warmUp.ok + comparison.subject.runs.reduce((sum, run) => sum + run.ok, 0);
  const refused = [comparison.subject.warmUp, ...comparison.subject.runs].flatMap((run) =>
    Object.entries(run.refused),
  );
  const lost = Math.max(0, answered - stored);
  return {
    trackMaxRps: comparison.subject.rps,
    track: {
      met: comparison.ratio >= GOALS.minThroughputRatio && refused.length === 0,
      text:
        `**${comparison.ratio.toFixed(2)}×** — ${thousands(comparison.subject.rps)} vs ${thousands(comparison.reference.rps)} req/s ` +
        `(GET ${CHEAPEST}), p99 ${comparison.subject.p99} ms${serverCost(comparison)}` +
        (refused.length ? `, refused ${JSON.stringify(Object.fromEntries(refused))}` : ''),
    },
    loss: {
      met: lost === 0,
      // Requests in flight when a round ended are stored but not counted as answered.
      text: `**${thousands(lost)}** lost — ${thousands(answered)} answered 2xx, ${thousands(stored)} stored`,
    },
    memory: {
      met: trace.peakMiB <= GOALS.maxLoadedRssMiB,
      text: `before ${trace.beforeMiB.toFixed(0)}, peak **${trace.peakMiB.toFixed(0)}**, after ${trace.afterMiB.toFixed(0)} MiB`,
    },
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
    const summary = await timeReport(server, token, 'summary');
    const chart = await timeReport(server, token, 'chart-data');
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
