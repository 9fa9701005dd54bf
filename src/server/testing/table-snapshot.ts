// The content of database tables as comparable text, to prove that a request changed nothing.
import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/database.ts';

export type TableSnapshot = Map<string, string>;

/** Every row of each table, in a stable order (row order from the database is not guaranteed). */
export async function snapshotTables(db: Db, tables: readonly string[]): Promise<TableSnapshot> {
  if (dialectOf(db) === 'postgres') return snapshotInOneQuery(db, tables);
  const snapshot: TableSnapshot = new Map();
  const query = db.withTables<Record<string, Record<string, unknown>>>();
  for (const table of tables) {
    const rows = await query.selectFrom(table).selectAll().execute();
    snapshot.set(
      table,
      rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n'),
    );
  }
  return snapshot;
}

// One round trip instead of one per table: fuzzing takes a snapshot after every request.
async function snapshotInOneQuery(db: Db, tables: readonly string[]): Promise<TableSnapshot> {
  if (!tables.length) return new Map();
  const columns = tables.map(
    (table, i) =>
      `(SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') FROM "${table}" t) AS c${i}`,
  );
  const { rows } = await sql.raw<Record<string, string>>(`SELECT ${columns.join(', ')}`).execute(db);
  return new Map(tables.map((table, i) => [table, rows[0]?.[`c${i}`] ?? '']));
}

/** The tables whose rows differ between two snapshots. */
export const changedTables = (before: TableSnapshot, after: TableSnapshot): string[] =>
  [...after.keys()].filter((table) => before.get(table) !== after.get(table));

/** Every application table of the database (not the migrator's own), minus `except`. */
export async function applicationTables(db: Db, except: ReadonlySet<string> = new Set()): Promise<string[]> {
  return (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_migration') && !except.has(name))
    .sort();
}
