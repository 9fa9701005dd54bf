// Start-up time and idle memory of the compiled server (issue 10), started exactly as the deploy
// guide's systemd unit starts it (`node --max-semi-space-size=4 scripts/launch.mjs server` with
// MALLOC_ARENA_MAX=2, read from the unit; `npm start` adds its own start-up of about 0.2 s on top):
// - first start: empty database — migrations, first admin, demo content drawn;
// - restart: the same database and data folder, build up to date;
// - idle memory: the server's resident set (VmRSS) once it has answered one request to each public
//   list and to the landing page, and then sat idle — after the first start (issue 18: the demo
//   media are drawn in a child process, so drawing them leaves nothing behind) and after a restart;
//   and then once the admin has opened the two screens the server draws with their data (its admin
//   renderer loaded, decision 0491), with how long a drawn dashboard takes to answer.
// Each time runs from spawning the process to the first 200 from GET /api/health. Linux (/proc).
// Run alone: node --import tsx bench/startup.ts [--postgres] [--postgres-url=URL]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { freePort } from '../src/server/testing/free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CONTENT_KIND_NAMES } from '#shared/schemas/content.ts';
import { SESSION_COOKIE } from '#shared/admin-prerendered.ts';
import {
  adminToken,
  ensureBuilt,
  productionRuntime,
  residentMiB,
  waitUntilHealthyAt,
} from './lib/child-server.ts';

export interface StartupFigures {
  firstStartMs: number;
  restartMs: number;
  /** After the first start (empty database, demo content drawn). */
  firstStartIdleRssMiB: number;
  /** After a restart on the same data. */
  idleRssMiB: number;
  /**
   * The same, once the admin has also opened the dashboard and the bookings screen, which the server
   * draws with their data (decision 0491): the admin renderer loaded.
   */
  adminIdleRssMiB: number;
  /** How long the server took to answer a drawn dashboard, median of 20 after the first. */
  drawnDashboardMs: number;
}

/** Long enough for the answers' garbage to be collected and the process to settle. */
const IDLE_SETTLE_MS = 3000;
const STOP_WITHIN_MS = 15_000;
const LAUNCHER = path.resolve('scripts/launch.mjs');
const PUBLIC_PATHS = [...CONTENT_KIND_NAMES.map((kind) => `/api/cms/${kind}`), '/'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function onPostgres(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts the launcher; resolves with the process and the milliseconds until it was healthy. */
async function timedStart(origin: string, env: NodeJS.ProcessEnv) {
  const started = performance.now();
  const runtime = productionRuntime();
  const child = spawn(process.execPath, [...runtime.nodeFlags, LAUNCHER, 'server'], {
    env: { ...env, ...runtime.env },
    // Its log (stdout, at the production level) is not read; errors printed to stderr show.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilHealthyAt(`${origin}/api/health`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { pid: child.pid!, healthyMs: performance.now() - started, stop };
}

/** The resident set once every public list and the landing page were asked for once, then left idle. */
async function idleResidentMiB(origin: string, pid: number): Promise<number> {
  for (const publicPath of PUBLIC_PATHS) {
    const response = await fetch(`${origin}${publicPath}`, { headers: { 'accept-encoding': 'br' } });
    if (!response.ok) throw new Error(`GET ${publicPath}: ${response.status}`);
    await response.arrayBuffer();
  }
  await sleep(IDLE_SETTLE_MS);
  return residentMiB(pid);
}

/** Opens the drawn admin screens as the owner's browser does (the session cookie); their timings. */
async function openDrawnScreens(origin: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (const screen of ['bookings', ...Array<string>(21).fill('dashboard')]) {
    const started = performance.now();
    const response = await fetch(`${origin}/admin/${screen}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'accept-encoding': 'br' },
    });
    const page = await response.text();
    times.push(performance.now() - started);
    if (!page.includes('id="admin-query-state"')) throw new Error(`/admin/${screen} was not drawn`);
  }
  return times.slice(2).sort((a, b) => a - b);
}

/** `postgres`: the server to create a throwaway database on (dropped afterwards); SQLite otherwise. */
export async function measureStartup(options: { postgres?: string } = {}): Promise<StartupFigures> {
  await ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-startup-'));
  const pgDatabase = options.postgres ? `range_startup_${randomBytes(6).toString('hex')}` : undefined;
  let databaseUrl = `sqlite:${path.join(dir, 'app.db')}`;
  if (options.postgres && pgDatabase) {
    await onPostgres(options.postgres, `create database ${pgDatabase}`);
    const url = new URL(options.postgres);
    url.pathname = `/${pgDatabase}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    // The production default: what the access log costs is part of the figures (issue 20).
    LOG_LEVEL: 'info',
    // Set, so the first start prints no generated password.
    ADMIN_EMAIL: 'owner@example.co.uk',
    ADMIN_PASSWORD: `Bench-${randomBytes(9).toString('base64url')}`,
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  try {
    const first = await timedStart(origin, env);
    let firstStartIdleRssMiB: number;
    try {
      firstStartIdleRssMiB = await idleResidentMiB(origin, first.pid);
    } finally {
      await first.stop();
    }
    const restart = await timedStart(origin, env);
    try {
      const idleRssMiB = await idleResidentMiB(origin, restart.pid);
      const drawn = await openDrawnScreens(
        origin,
        await adminToken(origin, env.ADMIN_EMAIL, env.ADMIN_PASSWORD),
      );
      await sleep(IDLE_SETTLE_MS);
      return {
        firstStartMs: Math.round(first.healthyMs),
        restartMs: Math.round(restart.healthyMs),
        firstStartIdleRssMiB,
        idleRssMiB,
        adminIdleRssMiB: residentMiB(restart.pid),
        drawnDashboardMs: drawn[Math.floor(drawn.length / 2)]!,
      };
    } finally {
      await restart.stop();
    }
  } finally {
    if (options.postgres && pgDatabase)
      await onPostgres(options.postgres, `drop database if exists ${pgDatabase} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const { values } = parseArgs({
    options: {
      postgres: { type: 'boolean', default: false },
      'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    },
  });
  const runs: [string, StartupFigures][] = [['SQLite', await measureStartup()]];
  if (values.postgres) runs.push(['PostgreSQL', await measureStartup({ postgres: values['postgres-url'] })]);
  for (const [name, figures] of runs) {
    process.stdout.write(
      `${name}: healthy ${figures.firstStartMs} ms after a first start, ${figures.restartMs} ms after a ` +
        `restart; ${figures.firstStartIdleRssMiB.toFixed(1)} MiB resident when idle after the first ` +
        `start, ${figures.idleRssMiB.toFixed(1)} MiB after a restart, ${figures.adminIdleRssMiB.toFixed(1)} ` +
        `MiB once the admin opened the drawn screens (a drawn dashboard in ${figures.drawnDashboardMs.toFixed(0)} ms)\n`,
    );
  }
}
