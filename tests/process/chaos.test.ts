// Chaos proofs of analytics ingestion on PostgreSQL (issue 15): the real server process, a real
// database, real failures.
// - Every connection of the server is terminated (pg_terminate_backend) again and again during steady
//   ingestion: every event answered 204 is stored, once, after the pool reconnects; the process lives.
// - SIGKILL while a flush is running: no event is stored twice, and none the server had already
//   reported written is lost.
// - SIGTERM while the database cannot be reached: the process exits cleanly within its deadline and
//   says how many accepted events it could not write; everything else it accepted is stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, call, login, sustainedLoad } from './support/api.ts';
import { createThrowawayDatabase, findPostgres } from './support/postgres.ts';
import { startServerProcess, stopAllServers, type ServerProcess } from './support/server-process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const ADMIN = { email: 'owner@example.co.uk', password: 'Chaos-Owner-2026!' };
const TRACKING_CLIENTS = 32;
const UNLIMITED = '1000000';
/** The server's own shutdown deadline (SHUTDOWN_GRACE_MS) and some room for a loaded machine. */
const EXIT_WITHIN_MS = 12_000;

const postgres = await findPostgres();
if (!postgres) {
  process.stdout.write(
    '\n  chaos SKIPPED: no PostgreSQL to run on (TEST_POSTGRES_URL=off, or nothing answers at ' +
      'postgres://postgres@127.0.0.1:5432). Set TEST_POSTGRES_URL=postgres://… to run it; CI does.\n\n',
  );
}

const report = (line: string) => process.stdout.write(`[chaos] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** How many events the database holds, and how many distinct ones (each event's page is unique). */
async function storedEvents(url: string): Promise<{ rows: number; distinct: number }> {
  const [row] = await query<{ rows: string; distinct: string }>(
    url,
    'SELECT count(*) AS rows, count(DISTINCT page) AS distinct FROM analytics_events',
  );
  return { rows: Number(row!.rows), distinct: Number(row!.distinct) };
}

/** Consenting browsers, each event with a page of its own; counts what the server accepted (204). */
function trackingLoad(server: ServerProcess, tag: string) {
  const counts = { accepted: 0, refused: 0, unexpected: [] as string[] };
  const load = sustainedLoad(TRACKING_CLIENTS, async (client, sequence) => {
    const answer = await call(`${server.url}/api/track`, {
      json: { event_type: 'page_view', page: `/${tag}/${client}/${sequence}` },
      headers: {
        cookie: `cookie_consent=true; session_id=${tag}-${client}`,
        'user-agent': BROWSER_USER_AGENT,
      },
    });
    if (answer.status === 204) counts.accepted += 1;
    // 503: the queue is full or the server is stopping — refused, nothing stored, the page knows.
    else if (answer.status === 503) counts.refused += 1;
    else counts.unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  });
  return { counts, load };
}

describe.skipIf(!postgres)('analytics ingestion under database failures (PostgreSQL)', () => {
  let dir: string;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'range-chaos-'));
  });

  afterAll(async () => {
    await stopAllServers();
    for (const drop of drops) await drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function serverOn(databaseUrl: string) {
    return startServerProcess({
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TOTP_ENCRYPTION_KEY: 'chaos-test-key-0123456789abcdef-0123',
      SEED_DEMO: 'false',
      CAPTCHA_PROVIDER: 'off',
      TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      TRACK_SESSION_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    });
  }

  async function freshDatabase() {
    const database = await createThrowawayDatabase(postgres!);
    drops.push(database.drop);
    return database.url;
  }

  it('stores every accepted event, once, while its connections are terminated again and again', async () => {
    const url = await freshDatabase();
    const name = new URL(url).pathname.slice(1);
    const server = await serverOn(url);
    const { counts, load } = trackingLoad(server, 'terminated');
    let terminated = 0;
    for (let round = 0; round < 8; round += 1) {
      await sleep(600);
      const rows = await query<{ ok: boolean }>(
        postgres!,
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      terminated += rows.filter((row) => row.ok).length;
    }
    load.stop();
    await load.finished;

    const exit = await server.stop();
    const stored = await storedEvents(url);
    report(`terminated ${terminated} connections; ${counts.accepted} accepted, ${stored.rows} stored`);
    expect(counts.unexpected).toEqual([]);
    expect(terminated, 'connections were really terminated').toBeGreaterThan(0);
    expect(exit, `a clean exit\n${server.log()}`).toEqual({ code: 0, signal: null });
    expect(stored.rows, 'each accepted event stored').toBe(counts.accepted);
    expect(stored.distinct, 'none stored twice').toBe(stored.rows);
  });

  it('loses no written event and stores none twice when killed with SIGKILL during a flush', async () => {
    const url = await freshDatabase();
    const server = await serverOn(url);
    const token = await login(server.url, ADMIN);
    const { counts, load } = trackingLoad(server, 'killed');
    // Kill while a write is in flight: events already written and others waiting in the queue.
    let writtenBeforeKill = 0;
    for (let polls = 0; polls < 300; polls += 1) {
      const answer = await call(`${server.url}/api/admin/analytics/ingest-stats`, { token });
      const stats = answer.body as { written: number; queued: number };
      if (stats.written > 0 && stats.queued > 0) {
        writtenBeforeKill = stats.written;
        server.signal('SIGKILL');
        break;
      }
      await sleep(20);
    }
    await load.finished;
    expect((await server.exited).signal, server.log()).toBe('SIGKILL');

    const stored = await storedEvents(url);
    report(`killed with ${writtenBeforeKill} written of ${counts.accepted} accepted; ${stored.rows} stored`);
    expect(writtenBeforeKill, 'the kill came after a write').toBeGreaterThan(0);
    expect(stored.rows, 'every event reported written survives').toBeGreaterThanOrEqual(writtenBeforeKill);
    expect(stored.rows).toBeLessThanOrEqual(counts.accepted + TRACKING_CLIENTS);
    expect(stored.distinct, 'none stored twice').toBe(stored.rows);
  });

  it('exits within its deadline during a database outage and reports what it could not write', async () => {
    const url = await freshDatabase();
    const target = new URL(postgres!);
    let proxy: TcpProxy | undefined = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    try {
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const server = await serverOn(viaProxy.toString());

      const before = trackingLoad(server, 'before');
      await sleep(1500);
      before.load.stop();
      await before.load.finished;
      // The periodic flush has written them all before the database goes away.
      const token = await login(server.url, ADMIN);
      await expect
        .poll(
          async () => {
            const answer = await call(`${server.url}/api/admin/analytics/ingest-stats`, { token });
            const stats = answer.body as { accepted: number; written: number };
            return stats.accepted > 0 && stats.written === stats.accepted;
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBe(true);

      await proxy.cut();
      const during = trackingLoad(server, 'during');
      await sleep(1000);
      during.load.stop();
      await during.load.finished;

      const signalledAt = Date.now();
      server.signal('SIGTERM');
      const exit = await server.exited;
      const tookMs = Date.now() - signalledAt;
      const log = server.log();
      const lostLine = log.split('\n').find((line) => line.includes('could not be written before shutdown'));
      const lost = lostLine ? Number((JSON.parse(lostLine) as { lost: number }).lost) : 0;
      const stored = await storedEvents(url);
      report(
        `outage: ${before.counts.accepted} accepted before, ${during.counts.accepted} during; ` +
          `${stored.rows} stored, ${lost} reported lost; exit after ${tookMs} ms`,
      );

      expect([...before.counts.unexpected, ...during.counts.unexpected]).toEqual([]);
      expect(during.counts.accepted, 'events were accepted during the outage').toBeGreaterThan(0);
      expect(exit, `a clean exit\n${log}`).toEqual({ code: 0, signal: null });
      expect(tookMs).toBeLessThan(EXIT_WITHIN_MS);
      expect(lostLine, 'the loss is reported').toBeDefined();
      expect(stored.rows + lost).toBe(before.counts.accepted + during.counts.accepted);
      expect(stored.distinct).toBe(stored.rows);
    } finally {
      await proxy.close();
      proxy = undefined;
    }
  });
});
