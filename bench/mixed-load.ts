// Issue 18, goal 2: what a visitor feels while the site ingests. GET / is loaded alone, then again
// while POST /api/track runs at half the rate the same server just sustained at most; alternating
// rounds, medians. The tracking load comes from a second autocannon in a child process at a fixed
// rate, so the page's own load generator is not slowed by it more than the machine must.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ChildServer } from './lib/child-server.ts';
import { load, median, type LoadOptions, type LoadResult, type RoundPlan } from './lib/load.ts';
import { thousands, type Cell } from './lib/table.ts';

export const MIXED_LOAD_MEASURE = 'GET / while POST /api/track runs at half its maximum, vs GET / alone';
export const MIXED_LOAD_GOAL = 'p99 ≤ 2×, req/s ≥ 0.7×';
const MAX_P99_RATIO = 2;
const MIN_THROUGHPUT_RATIO = 0.7;
const PAGE_CONNECTIONS = 32;
const TRACK_CONNECTIONS = 16;
/** The tracking load starts this long before the page's round and ends after it. */
const RAMP_SECONDS = 1;

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Runs `during` while a child autocannon sends beacons at `rate` per second; returns both outcomes. */
async function whileTracking(
  server: ChildServer,
  trackBody: string,
  rate: number,
  seconds: number,
  during: () => Promise<LoadResult>,
): Promise<{ page: LoadResult; trackNon2xx: number }> {
  const child = spawn(
    process.execPath,
    [
      autocannonCli,
      ...['--json', '-c', String(TRACK_CONNECTIONS), '-R', String(Math.round(rate))],
      ...['-d', String(seconds + 2 * RAMP_SECONDS), '-m', 'POST', '-b', trackBody],
      ...['-H', 'content-type=text/plain;charset=UTF-8', '-H', 'cookie=cookie_consent=true'],
      ...[
        '-H',
        'user-agent=Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      ],
      `${server.origin}/api/track`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`the tracking load ended with exit code ${code}`)),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, RAMP_SECONDS * 1000));
  const page = await during();
  await exited;
  const tracked = JSON.parse(output) as { non2xx: number; errors: number; timeouts: number };
  return { page, trackNon2xx: tracked.non2xx + tracked.errors + tracked.timeouts };
}

export async function benchMixedLoad(
  server: ChildServer,
  trackBody: string,
  trackMaxRps: number,
  plan: RoundPlan,
): Promise<Cell> {
  const page: LoadOptions = {
    url: `${server.origin}/`,
    connections: PAGE_CONNECTIONS,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  };
  const rate = trackMaxRps / 2;
  await load(page, plan.warmUpSeconds);
  const alone: LoadResult[] = [];
  const busy: LoadResult[] = [];
  let trackNon2xx = 0;
  for (let round = 0; round < plan.rounds; round += 1) {
    alone.push(await load(page, plan.seconds));
    const mixed = await whileTracking(server, trackBody, rate, plan.seconds, () => load(page, plan.seconds));
    busy.push(mixed.page);
    trackNon2xx += mixed.trackNon2xx;
  }
  const idle = { rps: median(alone.map((r) => r.rps)), p99: median(alone.map((r) => r.p99)) };
  const loaded = { rps: median(busy.map((r) => r.rps)), p99: median(busy.map((r) => r.p99)) };
  // A p99 of 0 ms (autocannon rounds to whole milliseconds) counts as 1 ms.
  const p99Ratio = Math.max(loaded.p99, 1) / Math.max(idle.p99, 1);
  const rpsRatio = loaded.rps / idle.rps;
  return {
    met: p99Ratio <= MAX_P99_RATIO && rpsRatio >= MIN_THROUGHPUT_RATIO && trackNon2xx === 0,
    text:
      `p99 ${loaded.p99} vs ${idle.p99} ms (**${p99Ratio.toFixed(1)}×**), ` +
      `${thousands(loaded.rps)} vs ${thousands(idle.rps)} req/s (**${rpsRatio.toFixed(2)}×**), ` +
      `beacons at ${thousands(rate)}/s alongside` +
      (trackNon2xx ? `, ${thousands(trackNon2xx)} beacons not answered 2xx` : ''),
  };
}
