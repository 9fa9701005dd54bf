// Frozen: never edit a migration that has shipped, never import application code from one.
// Brute-force limits claimed before the check (issue 15, docs/decisions/0410): one counter row per key,
// incremented (or reset when its window has passed) by a single insert-or-update that returns the
// count, with the key's lock in the same row. It replaces one row per failure (auth_failures) and a
// separate lock table (auth_lockouts), which concurrent attempts could all read before any wrote.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    // pair|action|address|account, address|address or account|action|account
    .addColumn('key', 'text', (c) => c.primaryKey())
    // When this count began; the count starts again once the key's window has passed since then.
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    // Attempts claimed in the window: failures, and attempts whose check is still running.
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // Set when the count passes its maximum; null while the key is not locked.
    .addColumn('locked_until', 'bigint')
    // Attempts refused by the current lock (0 in the statement that set it).
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Old rows are deleted by window start whenever a failure is counted.
  await db.schema
    .createIndex('auth_attempts_window')
    .on('auth_attempts')
    .column('window_started_at')
    .execute();

  // What the old tables held carries over, so a deploy does not hand out fresh guesses: locks in
  // force stay (their count starts afresh when they end, as before), and each key's failures become
  // one count whose window starts at its oldest failure still kept.
  await sql`
    insert into auth_attempts (key, window_started_at, attempts, locked_until, refused)
    select key, created_at, 0, locked_until, 1 from auth_lockouts
  `.execute(db);
  // `where true`: SQLite needs it to tell the upsert's ON from a join's.
  await sql`
    insert into auth_attempts (key, window_started_at, attempts, locked_until, refused)
    select key, min(created_at), count(*), null, 0 from auth_failures where true group by key
    on conflict (key) do nothing
  `.execute(db);

  await db.schema.dropTable('auth_failures').execute();
  await db.schema.dropTable('auth_lockouts').execute();
}
