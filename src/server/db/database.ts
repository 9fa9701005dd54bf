// Opens the database named by the configuration: SQLite (better-sqlite3) by default, PostgreSQL
// (pg) when DATABASE_URL is a postgres:// URL. Callers get one Kysely handle and never branch on the
// driver, except in the few queries whose SQL must differ (see `dialectOf`).
import fs from 'node:fs';
import path from 'node:path';
import { SqliteDatabase, type SqliteConnection } from './sqlite-driver.ts';
import { Kysely, PostgresDialect, SqliteDialect, SqliteAdapter, type Kysely as KyselyType } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = KyselyType<Database>;
export type Dialect = 'sqlite' | 'postgres';

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The database file exists, readable by this service's user only: it holds enquiries and admin
 * credentials. SQLite gives its -wal and -shm files the mode of the database file. A looser file
 * left by an older version is tightened; a folder the app creates is 0700.
 *
 * An existing file is never opened here. Closing any descriptor of a file drops every POSIX lock
 * the process holds on it, and SQLite's locks are what tell another client (an operator's `sqlite3`)
 * that the database is in use — without them it checkpoints and deletes the live -wal and -shm, and
 * confirmed writes are lost. The analytics writer thread opens the database while the main thread
 * holds it (docs/decisions/0432-sqlite-locks-kept.md), so only a file that does not exist yet is
 * created, exclusively; stat and chmod work on the path and touch no lock.
 */
function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_RDWR, 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      if ((fs.statSync(file + suffix).mode & 0o077) !== 0) fs.chmodSync(file + suffix, 0o600);
    } catch {
      // -wal and -shm exist only while a connection is open.
    }
  }
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}
const poolUseOf = new WeakMap<Db, () => PoolUse | null>();

/** The PostgreSQL pool's connections (for the metrics); null on SQLite or before the first query. */
export const poolUse = (db: Db): PoolUse | null => poolUseOf.get(db)?.() ?? null;

const sqliteConnectionOf = new WeakMap<Db, SqliteConnection>();

/** The SQLite connection under a handle, for a hot statement prepared once; null on PostgreSQL. */
export const sqliteConnection = (db: Db): SqliteConnection | null => sqliteConnectionOf.get(db) ?? null;

export function openDatabase(target: DatabaseTarget): Db {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') createPrivateFile(target.file);
    const sqlite = new SqliteDatabase(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // WAL with synchronous=NORMAL is durable against process crashes; FULL also survives power loss
    // at the cost of one fsync per commit. Enquiries must never be lost, so keep FULL.
    sqlite.pragma('synchronous = FULL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    sqliteConnectionOf.set(db, sqlite);
    return db;
  }
  // pg is loaded when the first query needs a connection, so a SQLite install never holds it in memory.
  let created: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  const pool = async () => {
    const { default: pg } = await import('pg');
    // PostgreSQL returns BIGINT (our timestamps and counts) as strings; every such value we store fits
    // a JavaScript number (epoch milliseconds, row counts), so read them as numbers on both dialects.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A connection the server closes (a restart, pg_terminate_backend) emits 'error' — on the pool
    // while idle, on the client itself while checked out between two queries. Without a listener
    // that event would end the process (found by the chaos proof, issue 15). The pool drops a broken
    // client and connects afresh; the query that needed it fails, and its caller retries or reports.
    const ignoreBrokenConnection = () => undefined;
    pool.on('error', ignoreBrokenConnection);
    pool.on('connect', (client) => client.on('error', ignoreBrokenConnection));
    created = pool;
    return pool;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolUseOf.set(db, () =>
    created ? { total: created.totalCount, idle: created.idleCount, waiting: created.waitingCount } : null,
  );
  return db;
}

export function dialectOf<Tables>(db: KyselyType<Tables>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
