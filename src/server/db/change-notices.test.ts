// Two app instances on one PostgreSQL database (issue 20, item 6; docs/decisions/0417): a change
// through A reaches B's public list and page by a change notice. Both apps run on a frozen clock, so
// their re-check (the poll fallback) never comes due: only the notice can explain B showing a change.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import * as contentRepo from '../features/content/repository.ts';
import { createPostgresDatabase, TEST_POSTGRES_KEY } from '../testing/harness.ts';
import { CHANGE_CHANNEL, LISTENER_APPLICATION_NAME, startChangeNotices } from './change-notices.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const FROZEN_NOW = Date.UTC(2026, 5, 15, 12);
/** "Eventually", generously: a notice takes milliseconds, a busy CI machine much longer. */
const EVENTUALLY_MS = 15_000;
const POLL_EVERY_MS = 25;

async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + EVENTUALLY_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never came true: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

/** A stand-in for the SSR build: the page lists the events' names and the business phone. */
function writeWebBuild(dir: string): string {
  const webRoot = path.join(dir, 'web');
  fs.mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'ssr'), { recursive: true });
  fs.writeFileSync(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/web/public/entry-client.tsx': { file: 'assets/app.js', isEntry: true } }),
  );
  fs.writeFileSync(
    path.join(dir, 'ssr', 'entry-server.js'),
    `export function render(path, data) {
      return { body: '<p>' + data.events.map((e) => e.name).join(', ') + '</p><p>' + data.site.phone + '</p>',
        head: '<title>t</title>', status: 200 };
    }`,
  );
  return webRoot;
}

const postgresUrl = inject('postgresUrl');

describe('the listening connection while the database does not answer', () => {
  it('keeps retrying with back-off, logs the outage once, and stops retrying when closed', async () => {
    // A "server" that hangs up on every connection: each attempt fails at once.
    let attempts = 0;
    const refusing = net.createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as net.AddressInfo;
    const warnings: string[] = [];
    const changes: unknown[] = [];
    const db = openDatabase({ dialect: 'sqlite', file: ':memory:' });
    const notices = startChangeNotices({
      url: `postgres://postgres@127.0.0.1:${port}/range`,
      db,
      log: { info: () => undefined, warn: (_obj, msg) => void warnings.push(msg) },
      onChange: (topic) => void changes.push(topic),
    });
    try {
      await eventually('several attempts', async () => attempts >= 3);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/interrupted/);
      expect(changes).toEqual([]);
    } finally {
      await notices.close();
    }
    const afterClose = attempts;
    // Longer than the back-off has reached by now: an attempt still scheduled would show.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(attempts).toBe(afterClose);
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
    await db.destroy();
  });

  it('closes at once while an attempt hangs (a host that accepts and never answers)', async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = openDatabase({ dialect: 'sqlite', file: ':memory:' });
    const notices = startChangeNotices({
      url: `postgres://postgres@127.0.0.1:${port}/range`,
      db,
      log: { info: () => undefined, warn: () => undefined },
      onChange: () => undefined,
    });
    await eventually('an attempt under way', async () => held.length === 1);
    // Well short of the attempt's own 10 s timeout, which shutdown must not wait for.
    const outcome = await Promise.race([
      notices.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
    ]);
    expect(outcome).toBe('closed');
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await db.destroy();
  });
});

describe.skipIf(!postgresUrl)('change notices between two instances on one PostgreSQL database', () => {
  let tmp: string;
  let config: Config;
  let databaseName: string;
  let dropDatabase: () => Promise<void> = async () => undefined;
  /** The test's own handle, for writes that bypass both apps (and so send no notice). */
  let direct: Db;
  let server: pg.Client;
  const instances: { built: BuiltApp; db: Db; closed: boolean }[] = [];
  let token: string;
  const logOfB: string[] = [];
  const linesOfB = (text: string) => logOfB.filter((line) => line.includes(text)).length;

  const a = () => instances[0]!.built.app;
  const b = () => instances[1]!.built.app;

  /** The backends listening on the channel for this database, as pg_stat_activity shows them. */
  async function listenerPids(): Promise<number[]> {
    const { rows } = await server.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = $1 and application_name = $2 and state = 'idle' and query = $3`,
      [databaseName, LISTENER_APPLICATION_NAME, `LISTEN ${CHANGE_CHANNEL}`],
    );
    return rows.map((row) => row.pid);
  }

  const shows = async (app: () => BuiltApp['app'], url: string, text: string) => {
    const response = await app().inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body.includes(text);
  };

  const createEventThrough = async (app: () => BuiltApp['app'], name: string) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: { authorization: `Bearer ${token}` },
      // Listings only (no crew): the notices are the point here, and several share the one day.
      payload: { name, location: 'Notice Wood', date: '2099-06-01', needs_crew: false },
    });
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-notices-'));
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    databaseName = new URL(created.url).pathname.slice(1);
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: created.url,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      PUBLIC_URL: 'http://range.test',
      LOG_LEVEL: 'silent',
      TOTP_ENCRYPTION_KEY: TEST_POSTGRES_KEY,
    });
    direct = openDatabase(config.database);
    await migrateToLatest(direct);
    server = new pg.Client({ connectionString: postgresUrl });
    await server.connect();
    const webRoot = writeWebBuild(tmp);
    for (let n = 0; n < 2; n += 1) {
      // Each instance has its own pool, as separate processes would.
      const db = openDatabase(config.database);
      const built = await buildApp({
        config,
        db,
        webRoot,
        clock: { now: () => FROZEN_NOW },
        // B's log, to count what an outage writes.
        ...(n === 1
          ? { logger: { level: 'info', stream: { write: (line: string) => void logOfB.push(line) } } }
          : {}),
      });
      await built.app.ready();
      await built.services.analytics.stop();
      instances.push({ built, db, closed: false });
    }
    const accounts = instances[0]!.built.services.accounts;
    const owner = { username: 'owner', email: 'owner@example.com', password: 'correct horse notice' };
    await accounts.create(undefined, { ...owner, role: 'superadmin' }, { forcePasswordChange: false });
    token = (await accounts.login(owner.email, owner.password)).access_token;
    await eventually('both instances listen', async () => (await listenerPids()).length === 2);
  });

  afterAll(async () => {
    for (const instance of instances) {
      if (!instance.closed) await instance.built.app.close();
      await instance.db.destroy();
    }
    await server?.end();
    await direct?.destroy();
    await dropDatabase();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves on B, at once, an edit made through A: its public list and its page', async () => {
    const name = `Notice Night ${randomBytes(4).toString('hex')}`;
    // B holds the list and the page from before the change.
    expect(await shows(b, '/api/cms/events', name)).toBe(false);
    expect(await shows(b, '/', name)).toBe(false);

    await createEventThrough(a, name);

    await eventually("B's public list", () => shows(b, '/api/cms/events', name));
    await eventually("B's page", () => shows(b, '/', name));
  });

  it('serves on B a change of the business details made through A (the page shows them)', async () => {
    const phone = `01632 ${String(randomBytes(2).readUInt16BE() % 1_000_000).padStart(6, '0')}`;
    expect(await shows(b, '/', phone)).toBe(false);

    const saved = await a().inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: { authorization: `Bearer ${token}` },
      payload: { phone },
    });
    expect(saved.statusCode).toBe(200);

    await eventually("B's page", () => shows(b, '/', phone));
  });

  it('reconnects after its connection is terminated, catches up on what it missed, and hears later changes', async () => {
    // Written behind both apps' backs: no notice, and the frozen clock never re-reads. So B goes on
    // serving the list without it — until something makes it read again.
    const missed = `Missed Night ${randomBytes(4).toString('hex')}`;
    await contentRepo.insertContent(direct, 'events', {
      name: missed,
      location: 'Notice Wood',
      date: '2099-07-01',
      link: '',
      image_url: '',
      order: 0,
      is_active: 1,
      created_at: FROZEN_NOW,
      updated_at: FROZEN_NOW,
    });
    expect(await shows(b, '/api/cms/events', missed)).toBe(false);

    const before = await listenerPids();
    expect(before).toHaveLength(2);
    await server.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await eventually('both instances listen again, on new connections', async () => {
      const now = await listenerPids();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });

    // After reconnecting, notices may have been missed: everything is read again, once.
    await eventually("B's public list after the reconnect", () => shows(b, '/api/cms/events', missed));
    await eventually("B's page after the reconnect", () => shows(b, '/', missed));
    // One line when the outage began, one when it ended.
    expect(linesOfB('notices between instances interrupted')).toBe(1);
    expect(linesOfB('notices between instances resumed')).toBe(1);

    const later = `Later Night ${randomBytes(4).toString('hex')}`;
    await createEventThrough(a, later);
    await eventually("B's public list", () => shows(b, '/api/cms/events', later));
    await eventually("B's page", () => shows(b, '/', later));
  });

  it('closes the listening connection when the app closes', async () => {
    const listening = await listenerPids();
    expect(listening).toHaveLength(2);
    for (const instance of instances) {
      await instance.built.app.close();
      instance.closed = true;
    }
    await eventually('no listening connection is left', async () => (await listenerPids()).length === 0);
    const { rows } = await server.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2',
      [databaseName, LISTENER_APPLICATION_NAME],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
