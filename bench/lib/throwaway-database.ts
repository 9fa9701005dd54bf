// A fresh, migrated database for one bench run: a SQLite file in the run's temporary folder, or a
// PostgreSQL database created on the given server and dropped afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

export type Dialect = DatabaseTarget['dialect'];

export interface ThrowawayDatabase {
  target: DatabaseTarget;
  /** DATABASE_URL for the server under test. */
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(
  dialect: Dialect,
  options: { tmp: string; postgresServerUrl: string },
): Promise<ThrowawayDatabase> {
  let database: ThrowawayDatabase;
  if (dialect === 'sqlite') {
    const file = path.join(options.tmp, `analytics-${randomBytes(4).toString('hex')}.db`);
    database = {
      target: { dialect, file },
      url: `sqlite:${file}`,
      // Gigabytes at ten million events: gone as soon as the run is done with them.
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
      },
    };
  } else {
    const name = `range_bench_${randomBytes(6).toString('hex')}`;
    await onServer(options.postgresServerUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(options.postgresServerUrl);
    url.pathname = `/${name}`;
    database = {
      target: { dialect, url: url.toString() },
      url: url.toString(),
      drop: () =>
        onServer(options.postgresServerUrl, (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        ).then(() => undefined),
    };
  }
  const db = openDatabase(database.target);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
  await db.destroy();
  return database;
}
