// The server under test runs as its own process, as in production (the compiled build, started the
// way `npm start` starts it), so the load generator never shares its event loop and the resident
// memory read from /proc is the server's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.ts';
import { buildWeb, webBuildIsStale } from '../../scripts/build-web.ts';

const HEALTHY_WITHIN_MS = 60_000;
const INSTANCE_UNIT = path.resolve('docs/deploy/systemd/range-site@.service');
const STOP_WITHIN_MS = 15_000;
const KIB_PER_MIB = 1024;

/** Builds the web client and the server when either is missing or older than its sources. */
export async function ensureBuilt(): Promise<void> {
  if (webBuildIsStale()) await buildWeb('dist', { logLevel: 'error' });
  if (serverBuildIsStale()) await buildServer();
}

export interface ChildServer {
  origin: string;
  pid: number;
  /** SIGTERM, as a service manager stops it; resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface ChildServerOptions {
  port: number;
  databaseUrl: string;
  /** Holds uploads and the mail outbox. */
  dataDir: string;
  env?: Record<string, string>;
  /** Another checkout whose build to run, from its own folder (a reference: the commit before a change). */
  checkout?: string;
}

/**
 * How the deploy guide's systemd unit runs the server: the node flags before `scripts/launch.mjs`
 * in its ExecStart, and its MALLOC_ARENA_MAX (decision 0431). Read from the unit itself, so the
 * bench measures what production runs.
 */
export function productionRuntime(): { nodeFlags: string[]; env: Record<string, string> } {
  const unit = fs.readFileSync(INSTANCE_UNIT, 'utf8');
  const command = /^ExecStart=\S+ (.*?)\s*scripts\/launch\.mjs server$/m.exec(unit);
  const arenas = /^Environment=MALLOC_ARENA_MAX=(\d+)$/m.exec(unit);
  if (!command || !arenas) throw new Error(`${INSTANCE_UNIT}: no ExecStart or MALLOC_ARENA_MAX to copy`);
  return { nodeFlags: command[1]!.split(/\s+/).filter(Boolean), env: { MALLOC_ARENA_MAX: arenas[1]! } };
}

/** VmRSS of a process from /proc, in MiB (Linux). */
export function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return kib / KIB_PER_MIB;
}

/** Polls `url` until it answers 2xx; throws if `child` exits first or it takes too long. */
export async function waitUntilHealthyAt(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${HEALTHY_WITHIN_MS / 1000} s`);
}

export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const runtime = productionRuntime();
  const cwd = path.resolve(options.checkout ?? '.');
  const server = path.join(cwd, 'dist/server/server.js');
  const child = spawn(process.execPath, [...runtime.nodeFlags, '--enable-source-maps', server], {
    cwd,
    env: {
      ...process.env,
      ...runtime.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      DATABASE_URL: options.databaseUrl,
      UPLOAD_DIR: path.join(options.dataDir, 'uploads'),
      OUTBOX_DIR: path.join(options.dataDir, 'outbox'),
      // The production default: one access-log line per answer (to /dev/null here, as below).
      LOG_LEVEL: 'info',
      // Required with PostgreSQL (every instance must share it); a throwaway one per run.
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...options.env,
    },
    // The server writes its log as in production; stdout is discarded, so the bench's own output
    // stays readable (a journal or a log shipper would cost the server the same write).
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilHealthyAt(`${origin}/api/health`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    origin,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signs in as the admin the server created from ADMIN_EMAIL/ADMIN_PASSWORD; returns the bearer token. */
export async function adminToken(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
