// Visitors per source for "Bookings by source", read from `analytics_sessions_by_source` a bounded
// number of rows at a time: anyone who accepts cookies can invent sources, so the report asks the
// database for the top ones, the named ones and the sums, never for every source (decision 0435).
import { sql } from 'kysely';
import { SOURCE_NAMES } from '#shared/source-names.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/database.ts';

// SQLite allows 32,766 bound values per statement; a list of 500 names stays far below it.
const NAMES_PER_QUERY = 500;

/**
 * A stored label as the reports name it (shared/source-names.ts, decision 0442): the same LIKE
 * patterns as `sourceName`, so rows stored before a name existed are counted under it too.
 */
const NAMED_SOURCE = sql<string>`case ${sql.join(
  SOURCE_NAMES.map(
    ({ name, labels }) =>
      sql`when ${sql.join(
        labels.map((label) => sql`source like ${label}`),
        sql` or `,
      )} then ${name}`,
  ),
  sql` `,
)} else source end`;

/** Sources (by name) with at least one visitor last seen on or after `fromDay`, and how many. */
function periodSources(db: Db, fromDay: string) {
  const named = db
    .selectFrom('analytics_sessions_by_source')
    .select([NAMED_SOURCE.as('source'), 'sessions'])
    .where('last_day', '>=', fromDay)
    .as('named');
  return db
    .selectFrom(named)
    .select((eb) => ['source', eb.fn.sum<number | string>('sessions').as('visitors')])
    .groupBy('source')
    .having((eb) => eb.fn.sum('sessions'), '>', 0);
}

const asMap = (rows: { source: string; visitors: unknown }[]) =>
  new Map(rows.map((row) => [row.source, Number(row.visitors)]));

/**
 * The order the report lists sources in among equals: by code point, which is how SQLite compares
 * text and PostgreSQL's "C" collation does (a language collation would differ by server locale).
 */
export const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The `limit` sources with the most visitors in the period, most first, then in code-point order. */
export async function topVisitorSources(
  db: Db,
  fromDay: string,
  limit: number,
): Promise<Map<string, number>> {
  const bySource = dialectOf(db) === 'postgres' ? sql`source collate "C"` : sql`source`;
  const rows = await periodSources(db, fromDay)
    .orderBy('visitors', 'desc')
    .orderBy(bySource)
    .limit(limit)
    .execute();
  return asMap(rows);
}

/** The period's visitors of the named sources (those with none are left out). */
export async function visitorsOfSources(
  db: Db,
  fromDay: string,
  sources: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < sources.length; i += NAMES_PER_QUERY) {
    const rows = await periodSources(db, fromDay)
      .where('source', 'in', sources.slice(i, i + NAMES_PER_QUERY))
      .execute();
    for (const [source, visitors] of asMap(rows)) found.set(source, visitors);
  }
  return found;
}

/** How many sources had visitors in the period, and how many visitors they had in all. */
export async function visitorSourceTotals(
  db: Db,
  fromDay: string,
): Promise<{ sources: number; visitors: number }> {
  const row = await db
    .selectFrom(periodSources(db, fromDay).as('per_source'))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('sources'),
      eb.fn.sum<number | string | null>('per_source.visitors').as('visitors'),
    ])
    .executeTakeFirstOrThrow();
  return { sources: Number(row.sources), visitors: Number(row.visitors ?? 0) };
}
