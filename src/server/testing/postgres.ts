// The test PostgreSQL server's side of the harness (harness.ts): throwaway databases, emptying the
// tables between tests, and waiting for an app's change listener.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { CHANGE_CHANNEL, LISTENER_APPLICATION_NAME } from '../db/change-notices.ts';
import type { Db } from '../db/database.ts';

/** A throwaway database on the test PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `range_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // A closed pool may still be hanging up its connections; a forced drop would kill them
      // mid-close and surface as an unhandled "terminating connection" error in the suite.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * PostgreSQL: empties only the tables that hold a row. A TRUNCATE costs a few milliseconds a table
 * whether or not it holds anything (new files for each, synced at commit), which across the ~30
 * tables came to ~130 ms before every PostgreSQL test; a test touches a handful.
 */
export async function truncateUsedPostgresTables(db: Db, keep: ReadonlySet<string>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`.execute(db);
  const tables = rows.map((row) => row.tablename).filter((name) => !keep.has(name));
  if (tables.length === 0) return;
  const used = await sql
    .raw<{ name: string }>(
      tables.map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM "${t}")`).join(' UNION ALL '),
    )
    .execute(db);
  if (used.rows.length)
    await sql.raw(`TRUNCATE ${used.rows.map((row) => `"${row.name}"`).join(', ')} CASCADE`).execute(db);
}

/**
 * PostgreSQL: waits until the app's change listener is listening. When it starts listening it forgets
 * every cached list (notices may have been missed before), so a test that caches a list while the
 * connection is still being made on a busy machine would see its cache emptied under it.
 */
export async function untilListening(db: Db): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 20) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}
         AND state = 'idle' AND query = ${`LISTEN ${CHANGE_CHANNEL}`}`.execute(db);
    if (rows[0]?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the change listener was not listening after 20 s');
}
