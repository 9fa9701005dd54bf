// `npm run bench`: every figure of issue 10 in one table, each beside its reference and goal — public
// reads against bare Node, POST /api/track against the server's cheapest request, the 90-day reports
// over ten million events, start-up time and memory. `-- --postgres` adds the PostgreSQL column (a
// throwaway database on the local server, dropped afterwards). Only 127.0.0.1, every load bounded in
// time; prints figures and asserts nothing.
//   --postgres         also on PostgreSQL
//   --postgres-url=URL the server to create the throwaway database on
//                      (default postgres://postgres@127.0.0.1:5432/postgres)
//   --events=N         events generated for the reports (default 10,000,000)
//   --seconds=N        length of each measured load round (default 5)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAnalytics, type AnalyticsResult } from './analytics.ts';
import { benchCrossInstance, CROSS_INSTANCE_MEASURE } from './cross-instance.ts';
import { ensureBuilt } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import type { RoundPlan } from './lib/load.ts';
import { renderTable, thousands, type Cell, type Row } from './lib/table.ts';
import { MIXED_LOAD_MEASURE, MIXED_LOAD_GOAL } from './mixed-load.ts';
import { benchPublicPages } from './public-pages.ts';
import { measureStartup, type StartupFigures } from './startup.ts';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_EVENTS = 10_000_000;
const DEFAULT_SECONDS = 5;
const ROUNDS = 3;
const WARM_UP_SECONDS = 2;

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: DEFAULT_POSTGRES },
    events: { type: 'string', default: String(DEFAULT_EVENTS) },
    seconds: { type: 'string', default: String(DEFAULT_SECONDS) },
  },
});
const postgresUrl = args['postgres-url'];
const events = Number(args.events);
const plan: RoundPlan = { rounds: ROUNDS, seconds: Number(args.seconds), warmUpSeconds: WARM_UP_SECONDS };
if (!Number.isInteger(events) || events <= 0 || !(plan.seconds > 0)) {
  process.stderr.write('--events takes a positive whole number and --seconds a positive number\n');
  process.exit(2);
}

/** Progress goes to stderr; the table, printed last, to stdout. */
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const began = Date.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-bench-'));

try {
  log('building the web client and the server if they are stale…');
  await ensureBuilt();
  log('public reads against bare node:http…');
  const publicReads = await benchPublicPages(tmp, plan);
  const dialects = args.postgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
  // Start-up first, before gigabytes of generated data crowd the disk cache.
  const startup: StartupFigures[] = [];
  for (const dialect of dialects) {
    log(`${dialect}: start-up and idle memory…`);
    startup.push(await measureStartup(dialect === 'postgres' ? { postgres: postgresUrl } : {}));
  }
  const analytics: AnalyticsResult[] = [];
  for (const dialect of dialects)
    analytics.push(await benchAnalytics(dialect, { tmp, postgresServerUrl: postgresUrl, events, plan, log }));

  const crossInstance = args.postgres
    ? await benchCrossInstance({ postgresServerUrl: postgresUrl, log })
    : undefined;

  const columns = analytics.map((a) => (a.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'));
  const perDialect = (cell: (a: AnalyticsResult) => Cell) => analytics.map(cell);
  // The public reads are answered from memory (the database is read at most once a second), so they
  // are measured once, on SQLite.
  const fromMemory: Cell = { text: 'as SQLite: answered from memory' };
  const rows: Row[] = [
    ...publicReads.map((read) => ({
      measure: `GET ${read.path} (${(read.bytes / 1024).toFixed(1)} KB ${read.encoding}) vs bare node:http`,
      goal: `≥ ${GOALS.minThroughputRatio}×`,
      cells: columns.map((_, i) => (i === 0 ? read.cell : fromMemory)),
    })),
    {
      measure: 'POST /api/track vs the same server’s cheapest request',
      goal: `≥ ${GOALS.minThroughputRatio}×`,
      cells: perDialect((a) => a.track),
    },
    {
      measure: 'POST /api/track events lost (2xx but not stored)',
      goal: '0',
      cells: perDialect((a) => a.loss),
    },
    {
      measure: MIXED_LOAD_MEASURE,
      goal: MIXED_LOAD_GOAL,
      cells: perDialect((a) => a.mixed),
    },
    {
      measure: 'Server RSS during the ingestion load (before, peak, after)',
      goal: `peak ≤ ${GOALS.maxLoadedRssMiB} MiB`,
      cells: perDialect((a) => a.memory),
    },
    {
      measure: `Summary, 90 days over ${thousands(events)} events`,
      goal: `< ${GOALS.maxReportMs} ms`,
      cells: perDialect((a) => a.summary),
    },
    {
      measure: `Chart, 90 days over ${thousands(events)} events`,
      goal: `< ${GOALS.maxReportMs} ms`,
      cells: perDialect((a) => a.chart),
    },
    {
      measure: `Bookings by source with visitors per source, 90 days over ${thousands(events)} events`,
      goal: `< ${GOALS.maxReportMs} ms`,
      cells: perDialect((a) => a.bySource),
    },
    {
      measure: `Generating the ${thousands(events)} events`,
      goal: '—',
      cells: perDialect((a) => a.generation),
    },
    {
      measure: 'Idle RSS after the first start (demo media drawn) and one request to each list and page',
      goal: `≤ ${GOALS.maxFirstStartIdleRssMiB} MiB`,
      cells: startup.map((s) => ({
        met: s.firstStartIdleRssMiB <= GOALS.maxFirstStartIdleRssMiB,
        text: `**${s.firstStartIdleRssMiB.toFixed(0)} MiB**`,
      })),
    },
    {
      measure: 'Idle RSS after a restart and one request to each public list and page',
      goal: `≤ ${GOALS.maxIdleRssMiB} MiB`,
      cells: startup.map((s) => ({
        met: s.idleRssMiB <= GOALS.maxIdleRssMiB,
        text: `**${s.idleRssMiB.toFixed(0)} MiB**`,
      })),
    },
    {
      measure: 'The same, once the admin opened the dashboard and bookings (drawn on the server)',
      goal: '—',
      cells: startup.map((s) => ({ text: `${s.adminIdleRssMiB.toFixed(0)} MiB` })),
    },
    {
      measure: 'A drawn admin dashboard answered (median of 20)',
      goal: '—',
      cells: startup.map((s) => ({ text: `${s.drawnDashboardMs.toFixed(0)} ms` })),
    },
    {
      measure: 'Healthy after a restart',
      goal: `≤ ${GOALS.maxRestartMs / 1000} s`,
      cells: startup.map((s) => ({
        met: s.restartMs <= GOALS.maxRestartMs,
        text: `**${thousands(s.restartMs)} ms**`,
      })),
    },
    {
      measure: 'Healthy on first start (empty database)',
      goal: '—',
      cells: startup.map((s) => ({ text: `${thousands(s.firstStartMs)} ms` })),
    },
  ];
  if (crossInstance) {
    const oneInstance: Cell = { text: '— (one instance)' };
    rows.push({
      measure: CROSS_INSTANCE_MEASURE,
      goal: `≤ ${GOALS.maxCrossInstanceMs} ms`,
      cells: columns.map((column) => (column === 'PostgreSQL' ? crossInstance.cell : oneInstance)),
    });
  }
  const [load1, load5] = os.loadavg();
  process.stdout.write(
    `\n${renderTable(columns, rows)}\n\n` +
      `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `Node ${process.version}, load average ${load1!.toFixed(1)} / ${load5!.toFixed(1)} at the end; ` +
      `${ROUNDS} alternating rounds of ${plan.seconds} s per side (medians); whole run ${Math.round((Date.now() - began) / 1000)} s.\n`,
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
