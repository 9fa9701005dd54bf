// A content change on one instance served by another (issue 20, item 6; docs/decisions/0417): two
// compiled servers on one throwaway PostgreSQL database; an event is renamed through A, and the time
// from A's answer to B serving the new name — in its public list and in its landing page — is taken,
// TRIES times. B's caches are warm before each change, so without the change notice it would show the
// new name only at its next re-check (up to PUBLIC_CACHE_TTL_MS / PAGE_RECHECK_MS, a second).
// Prints figures and asserts nothing.
// Run alone: node --import tsx bench/cross-instance.ts [--postgres-url=URL]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../src/server/testing/free-port.ts';
import { adminToken, ensureBuilt, startChildServer, type ChildServer } from './lib/child-server.ts';
import { GOALS } from './lib/goals.ts';
import { median } from './lib/load.ts';
import { milliseconds, renderTable, type Cell } from './lib/table.ts';
import { createThrowawayDatabase } from './lib/throwaway-database.ts';

const TRIES = 20;
/** A try not seen on B by then counts as missed (the re-check would have shown it long before). */
const GIVE_UP_MS = 5000;
/** Between tries, so each change meets warm caches on B rather than a read still in flight. */
const PAUSE_MS = 100;

export interface CrossInstanceResult {
  listMs: number[];
  pageMs: number[];
  ownPageMs: number[];
  /** The row's cell: median / max for the list and the page. */
  cell: Cell;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from `since` until `url` answers with `text` in it; Infinity after GIVE_UP_MS. */
async function shownAfter(url: string, text: string, since: number): Promise<number> {
  while (performance.now() - since < GIVE_UP_MS) {
    const body = await (await fetch(url)).text();
    if (body.includes(text)) return performance.now() - since;
  }
  return Number.POSITIVE_INFINITY;
}

async function call(url: string, init: { method: string; token: string; body: unknown }): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token}` },
    body: JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** "median / max", or how many changes were never seen. */
const figure = (values: number[]) =>
  Number.isFinite(Math.max(...values))
    ? `${milliseconds(median(values))} / ${milliseconds(Math.max(...values))}`
    : `${values.filter((v) => !Number.isFinite(v)).length} of ${values.length} not seen within ${GIVE_UP_MS} ms`;

function crossInstanceCell(listMs: number[], pageMs: number[], ownPageMs: number[]) {
  return {
    met: Math.max(...listMs, ...pageMs) <= GOALS.maxCrossInstanceMs,
    text:
      `list **${figure(listMs)}**, page **${figure(pageMs)}** (median / max of ${TRIES}); ` +
      `the page on the writing instance itself ${figure(ownPageMs)}`,
  };
}

export async function benchCrossInstance(options: {
  postgresServerUrl: string;
  log: (line: string) => void;
}): Promise<CrossInstanceResult> {
  await ensureBuilt();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-cross-'));
  const database = await createThrowawayDatabase('postgres', {
    tmp,
    postgresServerUrl: options.postgresServerUrl,
  });
  const admin = { email: 'owner@example.co.uk', password: `Bench-${randomBytes(9).toString('base64url')}` };
  // Every instance shares the server key. The demo content stays: a realistic page to re-render.
  const shared = { TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const servers: ChildServer[] = [];
  try {
    const start = async (env: Record<string, string>) => {
      const server = await startChildServer({
        port: await freePort(),
        databaseUrl: database.url,
        dataDir: tmp,
        env: { ...shared, ...env },
      });
      servers.push(server);
      return server;
    };
    // A first, alone: it creates the admin and the demo content.
    const a = await start({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const b = await start({});
    const token = await adminToken(a.origin, admin.email, admin.password);
    const event = (await call(`${a.origin}/api/admin/events`, {
      method: 'POST',
      token,
      body: { name: 'Bench Night', location: 'Bench Wood', date: '2099-06-01' },
    })) as { id?: unknown };
    const id = event.id;
    if (typeof id !== 'number') throw new Error(`no id in ${JSON.stringify(event)}`);
    await shownAfter(`${b.origin}/api/cms/events`, 'Bench Night', performance.now());

    options.log(`cross-instance: ${TRIES} changes through A for each of B's list and page…`);
    // The list and the page are timed in separate tries: re-rendering the page holds B's event loop,
    // and would show up in a list request waiting behind it.
    const timeChanges = async (server: ChildServer, path: string): Promise<number[]> => {
      const times: number[] = [];
      for (let n = 0; n < TRIES; n += 1) {
        const name = `Bench Night ${randomBytes(4).toString('hex')}`;
        // Warm: both answer from memory before the change.
        for (const origin of [a.origin, b.origin])
          for (const warm of ['/api/cms/events', '/'])
            await fetch(`${origin}${warm}`).then((r) => r.arrayBuffer());
        await call(`${a.origin}/api/admin/events/${id}`, { method: 'PUT', token, body: { name } });
        times.push(await shownAfter(`${server.origin}${path}`, name, performance.now()));
        await sleep(PAUSE_MS);
      }
      return times;
    };
    const listMs = await timeChanges(b, '/api/cms/events');
    const pageMs = await timeChanges(b, '/');
    // The reference: the page on the instance that made the change (no notice involved, only the
    // re-render and compression every instance does after a change).
    const ownPageMs = await timeChanges(a, '/');
    return { listMs, pageMs, ownPageMs, cell: crossInstanceCell(listMs, pageMs, ownPageMs) };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export const CROSS_INSTANCE_MEASURE = 'Content change on one instance served by another (PostgreSQL)';

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const { values } = parseArgs({
    options: { 'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } },
  });
  const result = await benchCrossInstance({
    postgresServerUrl: values['postgres-url'],
    log: (line) => process.stderr.write(`[bench] ${line}\n`),
  });
  const row = {
    measure: CROSS_INSTANCE_MEASURE,
    goal: `≤ ${GOALS.maxCrossInstanceMs} ms`,
    cells: [result.cell],
  };
  process.stdout.write(`\n${renderTable(['PostgreSQL'], [row])}\n`);
  process.stdout.write(
    `list: ${result.listMs.map((ms) => ms.toFixed(1)).join(', ')} ms\n` +
      `page: ${result.pageMs.map((ms) => ms.toFixed(1)).join(', ')} ms\n` +
      `page on the writing instance: ${result.ownPageMs.map((ms) => ms.toFixed(1)).join(', ')} ms\n`,
  );
}
