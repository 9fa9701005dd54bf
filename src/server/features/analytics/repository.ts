// How the analytics tables are written: raw events, the per-day rollup, and the sessions with their
// per-day and per-source counts kept in step; and the purges. What the reports read from them is in
// report-queries.ts.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/database.ts';
import type { AnalyticsDailyTable, AnalyticsEventsTable } from '../../db/schema.ts';

export type NewAnalyticsEvent = Insertable<AnalyticsEventsTable>;
export type DailyDelta = AnalyticsDailyTable;
export interface SessionSeen {
  session_id: string;
  day: string;
  /** The source label a page view of this batch gave the session, if any. */
  source: string | null;
}

/** What an event records of the visit, in the order the CSV export writes it. */
export const RECORDED_FIELDS = [
  'event_type',
  'page',
  'element',
  'section',
  'session_id',
  'view_id',
  'dwell_ms',
  'referrer',
  'user_agent',
] as const satisfies readonly (keyof NewAnalyticsEvent)[];

/** The stored columns of an event, in one order for every writer that binds them by position. */
export const EVENT_COLUMNS = [...RECORDED_FIELDS, 'created_at'] as const;

// SQLite allows 32,766 bound values per statement; 11 columns × 500 rows stays far below it.
const INSERT_CHUNK_ROWS = 500;

const chunks = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** Each stored column's PostgreSQL type, for the arrays `insertEvents` sends. */
const EVENT_COLUMN_TYPES: Record<(typeof EVENT_COLUMNS)[number], 'text' | 'integer' | 'bigint'> = {
  event_type: 'text',
  page: 'text',
  element: 'text',
  section: 'text',
  session_id: 'text',
  view_id: 'text',
  dwell_ms: 'integer',
  referrer: 'text',
  user_agent: 'text',
  created_at: 'bigint',
};

/**
 * Inserts the events' stored columns (a queued event also carries its page view's source label).
 * PostgreSQL gets one array per column, unnested into rows: a statement of ten parameters whatever
 * the batch, where a multi-row VALUES list has ten per event for the server to parse and plan at
 * every batch (decision 0431).
 */
export async function insertEvents(
  db: Db,
  rows: (NewAnalyticsEvent & { source?: unknown })[],
): Promise<void> {
  if (rows.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    const columns = EVENT_COLUMNS.map((column) => sql.ref(column));
    const arrays = EVENT_COLUMNS.map(
      (column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(EVENT_COLUMN_TYPES[column])}[]`,
    );
    await sql`insert into analytics_events (${sql.join(columns)}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
    return;
  }
  for (const chunk of chunks(rows, INSERT_CHUNK_ROWS))
    await db
      .insertInto('analytics_events')
      .values(chunk.map(({ source: _kept_on_the_session, ...row }) => row))
      .execute();
}

const dailyKey = (r: DailyDelta) => `${r.day}\u0000${r.event_type}\u0000${r.section}`;

/** Adds per-day counts to the rollup; `rows` must hold each (day, event_type, section) once. */
export async function addDailyCounts(db: Db, rows: DailyDelta[]): Promise<void> {
  // In key order, so two instances' batches lock shared rows in the same order and never deadlock.
  const ordered = [...rows].sort((a, b) => (dailyKey(a) < dailyKey(b) ? -1 : 1));
  for (const chunk of chunks(ordered, INSERT_CHUNK_ROWS)) {
    await db
      .insertInto('analytics_daily')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['day', 'event_type', 'section']).doUpdateSet((eb) => ({
          events: eb('analytics_daily.events', '+', eb.ref('excluded.events')),
          dwell_ms_sum: eb('analytics_daily.dwell_ms_sum', '+', eb.ref('excluded.dwell_ms_sum')),
          dwell_count: eb('analytics_daily.dwell_count', '+', eb.ref('excluded.dwell_count')),
        })),
      )
      .execute();
  }
}

// PostgreSQL: instances touch and purge sessions one at a time (a transaction-scoped advisory lock),
// so the last days read before an upsert are still the stored ones when the counts move. SQLite has a
// single writer already.
const SESSIONS_LOCK_KEY = 20_603; // any constant unique among this app's advisory locks

async function lockSessions(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${SESSIONS_LOCK_KEY})`.execute(db);
}

/**
 * The batch's sessions as three arrays (each session once per batch, as ON CONFLICT requires): a new
 * one starts on its day with its source; a known one moves to the later day and keeps its first source.
 */
async function upsertSessionsPostgres(db: Db, rows: SessionSeen[]): Promise<void> {
  const ids = rows.map((r) => r.session_id);
  const days = rows.map((r) => r.day);
  const sources = rows.map((r) => r.source);
  await sql`insert into analytics_sessions (session_id, first_day, last_day, source)
    select id, day, day, source from unnest(${ids}::text[], ${days}::text[], ${sources}::text[]) as s(id, day, source)
    on conflict (session_id) do update set
      last_day = greatest(analytics_sessions.last_day, excluded.last_day),
      source = coalesce(analytics_sessions.source, excluded.source)`.execute(db);
}

/** Where a session is counted: its last day and source, or nowhere per source while it has none. */
interface SessionPlace {
  day: string;
  source: string | null;
}

/** Per-day (and per-source) changes in session counts, as rows to add to a rollup. */
class CountMoves {
  private readonly moves = new Map<string, { key: string[]; by: number }>();
  move(key: string[], by: number) {
    const id = key.join('\u0000');
    const entry = this.moves.get(id) ?? { key, by: 0 };
    entry.by += by;
    this.moves.set(id, entry);
  }
  changes = () => [...this.moves.values()].filter(({ by }) => by !== 0);
}

/**
 * How the rollups change: a session moves from the day it was last seen to a later one, or arrives on
 * its first day; per source, it also arrives when a page view first gives it a source.
 */
function sessionMoves(rows: SessionSeen[], previous: Map<string, SessionPlace>) {
  const byDay = new CountMoves();
  const bySource = new CountMoves();
  for (const { session_id, day, source } of rows) {
    const before = previous.get(session_id);
    const after: SessionPlace = {
      day: before !== undefined && before.day >= day ? before.day : day,
      source: before?.source ?? source,
    };
    if (before?.day !== after.day) {
      if (before !== undefined) byDay.move([before.day], -1);
      byDay.move([after.day], 1);
    }
    if (after.source !== null && (before?.source !== after.source || before?.day !== after.day)) {
      if (before?.source) bySource.move([before.day, before.source], -1);
      bySource.move([after.day, after.source], 1);
    }
  }
  return { byDay, bySource };
}

/**
 * Records the latest day each session was seen, and the source of its first page view that sent one,
 * and keeps `analytics_sessions_by_last_day` and `analytics_sessions_by_source` in step. `rows` must
 * hold each session once; call it inside a transaction.
 */
export async function touchSessions(db: Db, rows: SessionSeen[]): Promise<void> {
  if (rows.length === 0) return;
  await lockSessions(db);
  const postgres = dialectOf(db) === 'postgres';
  const previous = new Map<string, SessionPlace>();
  // PostgreSQL: one array parameter, as in insertEvents; SQLite: `in (…)` lists of 500.
  for (const chunk of postgres ? [rows] : chunks(rows, INSERT_CHUNK_ROWS)) {
    const ids = chunk.map((r) => r.session_id);
    const query = db.selectFrom('analytics_sessions').select(['session_id', 'last_day', 'source']);
    const stored = await (
      postgres
        ? query.where(sql<boolean>`session_id = any(${ids}::text[])`)
        : query.where('session_id', 'in', ids)
    ).execute();
    for (const row of stored) previous.set(row.session_id, { day: row.last_day, source: row.source });
  }
  const { byDay, bySource } = sessionMoves(rows, previous);

  if (postgres) await upsertSessionsPostgres(db, rows);
  else
    for (const chunk of chunks(rows, INSERT_CHUNK_ROWS)) {
      await db
        .insertInto('analytics_sessions')
        .values(
          chunk.map((r) => ({
            session_id: r.session_id,
            first_day: r.day,
            last_day: r.day,
            source: r.source,
          })),
        )
        .onConflict((oc) =>
          oc.column('session_id').doUpdateSet({
            // The later of two days: SQLite's scalar max().
            last_day: sql<string>`max(analytics_sessions.last_day, excluded.last_day)`,
            source: sql<string | null>`coalesce(analytics_sessions.source, excluded.source)`,
          }),
        )
        .execute();
    }
  for (const chunk of chunks(byDay.changes(), INSERT_CHUNK_ROWS)) {
    await db
      .insertInto('analytics_sessions_by_last_day')
      .values(chunk.map(({ key: [last_day], by }) => ({ last_day: last_day!, sessions: by })))
      .onConflict((oc) =>
        oc.column('last_day').doUpdateSet((eb) => ({
          sessions: eb('analytics_sessions_by_last_day.sessions', '+', eb.ref('excluded.sessions')),
        })),
      )
      .execute();
  }
  for (const chunk of chunks(bySource.changes(), INSERT_CHUNK_ROWS)) {
    await db
      .insertInto('analytics_sessions_by_source')
      .values(
        chunk.map(({ key: [last_day, source], by }) => ({
          last_day: last_day!,
          source: source!,
          sessions: by,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['last_day', 'source']).doUpdateSet((eb) => ({
          sessions: eb('analytics_sessions_by_source.sessions', '+', eb.ref('excluded.sessions')),
        })),
      )
      .execute();
  }
}

/** Deletes raw events before `beforeMs`, and rollups and sessions of days before `beforeDay`. */
export async function purgeBefore(db: Db, beforeMs: number, beforeDay: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .deleteFrom('analytics_events')
      .where('created_at', '<', beforeMs)
      .executeTakeFirst();
    await trx.deleteFrom('analytics_daily').where('day', '<', beforeDay).execute();
    await lockSessions(trx);
    await trx.deleteFrom('analytics_sessions').where('last_day', '<', beforeDay).execute();
    await trx.deleteFrom('analytics_sessions_by_last_day').where('last_day', '<', beforeDay).execute();
    await trx.deleteFrom('analytics_sessions_by_source').where('last_day', '<', beforeDay).execute();
    return Number(events.numDeletedRows);
  });
}

export async function deleteAll(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_events').execute();
    await trx.deleteFrom('analytics_daily').execute();
    await lockSessions(trx);
    await trx.deleteFrom('analytics_sessions').execute();
    await trx.deleteFrom('analytics_sessions_by_last_day').execute();
    await trx.deleteFrom('analytics_sessions_by_source').execute();
  });
}
