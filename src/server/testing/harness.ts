// Test harness: runs a suite once per database dialect (SQLite always, PostgreSQL when the global
// setup found a server), each on a throwaway database, with a controllable clock.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp, type RouteEntry } from '../app.ts';
import type { Services } from '../services.ts';
import type { Readiness } from '../features/health/routes.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Clock } from '../lib/clock.ts';
import type { Metrics } from '../observability/metrics.ts';
import { normaliseEmail } from '../features/accounts/admin-user.ts';
import { hashPassword } from '../features/accounts/passwords.ts';
import { insertAdmin } from '../features/accounts/repository.ts';
import { createPostgresDatabase, truncateUsedPostgresTables, untilListening } from './postgres.ts';

export { createPostgresDatabase } from './postgres.ts';

export type Dialect = 'sqlite' | 'postgres';

export class TestClock implements Clock {
  constructor(private current = Date.UTC(2026, 5, 15, 12, 0, 0)) {}
  now = () => this.current;
  advance(ms: number) {
    this.current += ms;
  }
  set(epochMs: number) {
    this.current = epochMs;
  }
}

export interface TestContext {
  dialect: Dialect;
  app: FastifyInstance;
  services: Services;
  routes: RouteEntry[];
  readiness: Readiness;
  metrics: Metrics;
  db: Db;
  config: Config;
  clock: TestClock;
  /** Creates an admin (superadmin unless told) and returns a bearer token for it. */
  loginAs(options?: {
    role?: 'admin' | 'superadmin';
    email?: string;
    username?: string;
  }): Promise<AdminSession>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

export interface AdminSession {
  token: string;
  id: number;
  email: string;
  password: string;
}

export const dialects = (): Dialect[] => (inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite']);

/**
 * The server key for suites on PostgreSQL, where TOTP_ENCRYPTION_KEY is required. SQLite suites run
 * without it, so they use the key file generated beside their database, as an install would.
 */
export const TEST_POSTGRES_KEY = 'test-only-postgres-totp-key-0123456789';

/** Runs `run` on a new, empty database of the dialect (nothing migrated), then closes and removes it. */
export async function withEmptyDatabase(dialect: Dialect, run: (db: Db) => Promise<void>): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-db-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const db = openDatabase(
    postgres
      ? { dialect: 'postgres', url: postgres.url }
      : { dialect: 'sqlite', file: path.join(tmp, 'app.db') },
  );
  try {
    await run(db);
  } finally {
    await db.destroy();
    await postgres?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const TABLES_TO_KEEP = new Set(['kysely_migration', 'kysely_migration_lock']);

async function truncateAll(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return truncateUsedPostgresTables(db, TABLES_TO_KEEP);
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !TABLES_TO_KEEP.has(n));
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  for (const table of tables) await sql.raw(`DELETE FROM "${table}"`).execute(db);
  await sql`PRAGMA foreign_keys = ON`.execute(db);
}

type HarnessOptions = { env?: Record<string, string>; logger?: FastifyServerOptions['logger'] };

/** A database of the dialect for one suite: a SQLite file in `tmp`, or a throwaway PostgreSQL one. */
async function suiteDatabase(
  dialect: Dialect,
  tmp: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'postgres') return createPostgresDatabase();
  return { url: `sqlite:${path.join(tmp, 'test.db')}`, drop: async () => undefined };
}

// Hashing the password is the slow step of making a test admin (argon2id at 19 MiB, tens of
// milliseconds of CPU), and a run makes some 500 of them with the same few passwords ("correct horse
// 1", "… 2", one per admin of a suite): each password is hashed once per worker and the admin stored
// with that hash. Signing in still goes through the real login (decision 0482).
const passwordHashes = new Map<string, Promise<string>>();
function hashedOnce(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** `loginAs`: each call creates another admin, signed in, with a known password. */
function adminLogins(services: TestContext['services'], db: Db, clock: TestClock): TestContext['loginAs'] {
  let adminCount = 0;
  return async (opts = {}) => {
    adminCount += 1;
    const email = normaliseEmail(opts.email ?? `admin${adminCount}@example.com`);
    const password = `correct horse ${adminCount}`;
    const admin = await insertAdmin(db, {
      username: opts.username ?? `admin${adminCount}`,
      email,
      password_hash: await hashedOnce(password),
      role: opts.role ?? 'superadmin',
      force_password_change: 0,
      created_at: clock.now(),
      updated_at: clock.now(),
    });
    const { access_token } = await services.accounts.login(email, password);
    return { token: access_token, id: admin.id, email, password };
  };
}

/** The app on a fresh, migrated database of the dialect, and how to take both down again. */
async function startSuite(
  dialect: Dialect,
  options: HarnessOptions,
): Promise<{ context: TestContext; cleanup: () => Promise<void> }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-test-'));
  const database = await suiteDatabase(dialect, tmp);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    OUTBOX_DIR: path.join(tmp, 'outbox'),
    PUBLIC_URL: 'http://range.test',
    LOG_LEVEL: 'silent',
    // Events are written on the test's own event loop, where a test clock and a failing handle
    // reach them; the writer thread has tests of its own (event-writer.test.ts).
    ANALYTICS_WRITER: 'inline',
    ...(dialect === 'postgres' ? { TOTP_ENCRYPTION_KEY: TEST_POSTGRES_KEY } : {}),
    ...options.env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const clock = new TestClock();
  const { app, services, routes, readiness, metrics } = await buildApp({
    config,
    db,
    clock,
    webRoot: path.join(tmp, 'no-web-build'),
    logger: options.logger,
  });
  await app.ready();
  if (dialect === 'postgres') await untilListening(db);
  // Tests write queued analytics events with flush() when they choose; the app's 1-second timer
  // would race them on a busy machine.
  await services.analytics.stop();
  const context: TestContext = {
    dialect,
    app,
    services,
    routes,
    readiness,
    metrics,
    db,
    config,
    clock,
    loginAs: adminLogins(services, db, clock),
    request({ token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
  };
  const cleanup = async () => {
    await app.close();
    await db.destroy();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { context, cleanup };
}

/**
 * Declares `suite` once per dialect. Every test starts from empty tables and a clock at a fixed
 * instant; `env` adds configuration variables; `logger` replaces the silent one.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: () => TestContext) => void,
  options: HarnessOptions = {},
): void {
  describe.each(dialects())(`${name} [%s]`, (dialect) => {
    let context: TestContext | undefined;
    let cleanup: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      ({ context, cleanup } = await startSuite(dialect, options));
    });

    beforeEach(async () => {
      const ctx = context!;
      await truncateAll(ctx.db, dialect);
      await ctx.services.content.clearCache();
      ctx.clock.set(Date.UTC(2026, 5, 15, 12, 0, 0));
    });

    afterAll(async () => cleanup());

    suite(() => {
      if (!context) throw new Error('test context used before setup');
      return context;
    });
  });
}

/** A multipart/form-data body with one file field, for upload tests through app.inject(). */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rangetest${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'upload.bin'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
