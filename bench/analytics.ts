// `npm run bench:analytics`: how fast the admin analytics reports answer over 1,000,000 stored events
// on SQLite, and how many events/s POST /api/track accepts with none lost. Everything runs on
// 127.0.0.1 against a throwaway database; durations are bounded. Prints figures; asserts nothing.
//   BENCH_EVENTS (default 1000000), BENCH_DURATION seconds of ingestion load (default 10).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createAnalyticsService, type IncomingEvent } from '../src/server/features/analytics/service.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SPAN_DAYS = 100; // a little more than the longest period, so the range filter has work to do
const EVENTS_PER_SESSION = 8;
const TIMED_RUNS = 30;
const CONNECTIONS = 64;
const PORT = 3911;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SECTIONS = [
  'hero',
  'events',
  'why-choose',
  'game-modes',
  'gallery',
  'deliver',
  'testimonials',
  'contact',
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-bench-analytics-'));
const dbFile = path.join(tmp, 'bench.db');
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A deterministic pseudo-random sequence, so runs are comparable. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

function eventFor(i: number): IncomingEvent {
  const session = `s${Math.floor(i / EVENTS_PER_SESSION)}`;
  const roll = random();
  const section = SECTIONS[Math.floor(random() * SECTIONS.length)]!;
  const base = {
    page: '/',
    element: null,
    section: null,
    session_id: session,
    view_id: null,
    dwell_ms: null,
    referrer: null,
    user_agent: BROWSER,
  };
  if (roll < 0.5) return { ...base, event_type: 'page_view', referrer: 'https://www.google.com/' };
  if (roll < 0.65) return { ...base, event_type: 'button_click', element: 'BOOK THE RANGE' };
  if (roll < 0.68) return { ...base, event_type: 'form_submit', element: 'contact' };
  if (roll < 0.75) return { ...base, event_type: 'section_view', element: section, view_id: `v${i}` };
  if (roll < 0.87) return { ...base, event_type: 'section_impression', section };
  return { ...base, event_type: 'section_dwell', section, dwell_ms: Math.floor(random() * 60_000) };
}

/** Writes the events through the same batched path as ingestion, so the rollups are maintained as in production. */
async function generate(): Promise<void> {
  const db = openDatabase({ dialect: 'sqlite', file: dbFile });
  await migrateToLatest(db);
  const end = Date.now() - 60_000;
  const start = end - SPAN_DAYS * 24 * 60 * 60 * 1000;
  const clock = { t: start, now: () => clock.t };
  const quiet = { warn: () => undefined, error: (obj: object) => log(`flush error ${JSON.stringify(obj)}`) };
  const analytics = createAnalyticsService(db, clock, { queueLimit: EVENTS + 1, retentionDays: 395 }, quiet);
  const began = performance.now();
  const batch = 20_000;
  for (let i = 0; i < EVENTS; i += 1) {
    clock.t = start + Math.floor(((end - start) * i) / EVENTS);
    analytics.enqueue(eventFor(i));
    if ((i + 1) % batch === 0) await analytics.flush();
  }
  await analytics.flush();
  const seconds = (performance.now() - began) / 1000;
  log(
    `generated ${EVENTS.toLocaleString('en-GB')} events over ${SPAN_DAYS} days in ${seconds.toFixed(1)} s ` +
      `(${Math.round(EVENTS / seconds).toLocaleString('en-GB')} events/s through the batch writer)`,
  );
  await db.destroy();
}

function countEvents(): number {
  const sqlite = new SqliteDatabase(dbFile, { readonly: true });
  try {
    return (sqlite.prepare('select count(*) as n from analytics_events').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function timeEndpoint(url: string, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 3; i += 1) await (await fetch(url, { headers })).text(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i += 1) {
    const began = performance.now();
    const response = await fetch(url, { headers });
    await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return `median ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms   max ${times.at(-1)!.toFixed(1)} ms`;
}

let server: ChildProcess | undefined;
try {
  await generate();
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dbFile}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  await waitFor(`${origin}/api/health`);
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  log(
    `\nreports over ${EVENTS.toLocaleString('en-GB')} events, SQLite, ${TIMED_RUNS} sequential requests each (goal < 150 ms):`,
  );
  for (const days of [90, 7]) {
    for (const report of ['summary', 'chart-data']) {
      log(
        `  ${`${report}?days=${days}`.padEnd(18)} ${await timeEndpoint(`${origin}/api/admin/analytics/${report}?days=${days}`, token)}`,
      );
    }
  }
  const summary = (await (
    await fetch(`${origin}/api/admin/analytics/summary?days=90`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    summary: Record<string, unknown>;
  };
  log(
    `  90-day summary: ${JSON.stringify({ ...summary.summary, section_engagement: `${(summary.summary.section_engagement as unknown[]).length} sections` })}`,
  );

  // Ingestion: a fixed page_view as the landing page sends it, as fast as autocannon can.
  const before = countEvents();
  const body = JSON.stringify({
    event_type: 'page_view',
    page: '/',
    element: null,
    session_id: 'bench-session',
    referrer: null,
    user_agent: BROWSER,
  });
  const result = await autocannon({
    url: `${origin}/api/track`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
    body,
  });
  const accepted = result.statusCodeStats?.['204']?.count ?? 0;
  const refused = result.statusCodeStats?.['503']?.count ?? 0;
  await new Promise((r) => setTimeout(r, 3000)); // the flush runs at least every second
  const written = countEvents() - before;
  log(`\nPOST /api/track, ${CONNECTIONS} connections, ${DURATION_S} s on 127.0.0.1:`);
  log(
    `  accepted (204) ${accepted.toLocaleString('en-GB')} = ${Math.round(accepted / DURATION_S).toLocaleString('en-GB')} events/s` +
      `   p99 ${result.latency.p99} ms   refused (503, queue full) ${refused}   errors ${result.errors}`,
  );
  // Requests still in flight when autocannon stops are written but not counted as answered.
  log(
    `  written to the database ${written.toLocaleString('en-GB')}   lost ${Math.max(0, accepted - written)}` +
      `   (written − accepted = ${written - accepted}: requests in flight when the load stopped)`,
  );

  // For scale: the same server answering a route that does no work at all.
  const baseline = await autocannon({
    url: `${origin}/api/captcha/config`,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  log(
    `  baseline GET /api/captcha/config (no database, no body): ${Math.round(baseline.requests.average).toLocaleString('en-GB')} req/s`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(tmp, { recursive: true, force: true });
}
