// Millions of analytics events written straight into the tables the production writer fills
// (analytics_events and its rollups analytics_daily, analytics_sessions,
// analytics_sessions_by_last_day and analytics_sessions_by_source), the rollups computed as the writer computes them: the writer manages
// some tens of thousands of events a second, too slow for ten million in a bench that must finish in
// minutes. `checkBulkMatchesWriter` proves on a small set that both paths leave the very same rows.
import { SqliteDatabase } from '../../src/server/db/sqlite-driver.ts';
import pg from 'pg';
import { copyInto } from './pg-copy.ts';
import type { Db } from '../../src/server/db/database.ts';
import type {
  AnalyticsDailyTable,
  AnalyticsSessionsByLastDayTable,
  AnalyticsSessionsBySourceTable,
  AnalyticsSessionsTable,
} from '../../src/server/db/schema.ts';
import { EVENT_COLUMNS } from '../../src/server/features/analytics/repository.ts';
import { createAnalyticsService } from '../../src/server/features/analytics/service.ts';
import { londonDay } from '../../src/shared/london-days.ts';
import type { SyntheticEvent } from './synthetic-events.ts';

const DAILY_COLUMNS = ['day', 'event_type', 'section', 'events', 'dwell_ms_sum', 'dwell_count'] as const;
const SESSION_COLUMNS = ['session_id', 'first_day', 'last_day', 'source'] as const;
const BY_LAST_DAY_COLUMNS = ['last_day', 'sessions'] as const;
const BY_SOURCE_COLUMNS = ['last_day', 'source', 'sessions'] as const;

/** The rollup rows the writer keeps beside the raw events (service.ts `writeBatch`, repository.ts). */
export class Rollups {
  private readonly daily = new Map<string, AnalyticsDailyTable>();
  private readonly sessions = new Map<string, AnalyticsSessionsTable>();

  add(event: SyntheticEvent): void {
    const day = londonDay(event.created_at);
    const section = event.event_type.startsWith('section_') ? (event.section ?? '') : '';
    const key = `${day}\u0000${event.event_type}\u0000${section}`;
    let row = this.daily.get(key);
    if (!row) {
      row = { day, event_type: event.event_type, section, events: 0, dwell_ms_sum: 0, dwell_count: 0 };
      this.daily.set(key, row);
    }
    row.events += 1;
    if (event.event_type === 'section_dwell' && event.dwell_ms !== null) {
      row.dwell_ms_sum += event.dwell_ms;
      row.dwell_count += 1;
    }
    if (event.session_id) {
      const source = event.source ?? null;
      const seen = this.sessions.get(event.session_id);
      if (!seen)
        this.sessions.set(event.session_id, {
          session_id: event.session_id,
          first_day: day,
          last_day: day,
          source,
        });
      else {
        if (seen.last_day < day) seen.last_day = day;
        seen.source ??= source;
      }
    }
  }

  dailyRows = () => [...this.daily.values()];
  sessionRows = () => [...this.sessions.values()];

  sessionsByLastDay(): AnalyticsSessionsByLastDayTable[] {
    const counts = new Map<string, number>();
    for (const { last_day } of this.sessions.values()) counts.set(last_day, (counts.get(last_day) ?? 0) + 1);
    return [...counts].map(([last_day, sessions]) => ({ last_day, sessions }));
  }

  sessionsBySource(): AnalyticsSessionsBySourceTable[] {
    const counts = new Map<string, AnalyticsSessionsBySourceTable>();
    for (const { last_day, source } of this.sessions.values()) {
      if (source === null) continue;
      const key = `${last_day}\u0000${source}`;
      const row = counts.get(key) ?? { last_day, source, sessions: 0 };
      row.sessions += 1;
      counts.set(key, row);
    }
    return [...counts.values()];
  }
}

/** The tables must be empty: the bulk path inserts rollups, it does not add to existing ones. */
const assertEmpty = (rows: number) => {
  if (rows > 0) throw new Error('bulk load needs empty analytics tables');
};

// 10 columns × 100 rows stays well under SQLite's 32,766 bound values per statement.
const SQLITE_ROWS_PER_STATEMENT = 100;
// Several commits rather than one, so the write-ahead log is checkpointed as it goes instead of
// growing to the size of the whole database.
const SQLITE_ROWS_PER_TRANSACTION = 500_000;

/** SQLite: prepared multi-row inserts through better-sqlite3, a transaction per 500,000 events. */
export function bulkLoadSqlite(file: string, events: Iterable<SyntheticEvent>): Rollups {
  const sqlite = new SqliteDatabase(file);
  try {
    assertEmpty((sqlite.prepare('select count(*) as n from analytics_events').get() as { n: number }).n);
    // A throwaway database: durability against power loss buys nothing here.
    sqlite.pragma('synchronous = OFF');
    const insert = (table: string, columns: readonly string[], rows: number) =>
      sqlite.prepare(
        `insert into ${table} (${columns.join(',')}) values ${Array.from(
          { length: rows },
          () => `(${columns.map(() => '?').join(',')})`,
        ).join(',')}`,
      );
    const statementValues = SQLITE_ROWS_PER_STATEMENT * EVENT_COLUMNS.length;
    const insertMany = insert('analytics_events', EVENT_COLUMNS, SQLITE_ROWS_PER_STATEMENT);
    const insertOne = insert('analytics_events', EVENT_COLUMNS, 1);
    const insertEvents = sqlite.transaction((values: unknown[]) => {
      const whole = values.length - (values.length % statementValues);
      for (let i = 0; i < whole; i += statementValues) insertMany.run(values.slice(i, i + statementValues));
      for (let i = whole; i < values.length; i += EVENT_COLUMNS.length)
        insertOne.run(values.slice(i, i + EVENT_COLUMNS.length));
    });
    const rollups = new Rollups();
    let values: unknown[] = [];
    for (const event of events) {
      rollups.add(event);
      for (const column of EVENT_COLUMNS) values.push(event[column]);
      if (values.length === SQLITE_ROWS_PER_TRANSACTION * EVENT_COLUMNS.length) {
        insertEvents(values);
        values = [];
      }
    }
    insertEvents(values);
    const insertRows = <Row>(table: string, columns: readonly (keyof Row & string)[], rows: Row[]) => {
      const statement = insert(table, columns, 1);
      for (const row of rows) statement.run(columns.map((column) => row[column]));
    };
    sqlite.transaction(() => {
      insertRows('analytics_daily', DAILY_COLUMNS, rollups.dailyRows());
      insertRows('analytics_sessions', SESSION_COLUMNS, rollups.sessionRows());
      insertRows('analytics_sessions_by_last_day', BY_LAST_DAY_COLUMNS, rollups.sessionsByLastDay());
      insertRows('analytics_sessions_by_source', BY_SOURCE_COLUMNS, rollups.sessionsBySource());
    })();
    return rollups;
  } finally {
    sqlite.close();
  }
}

/** PostgreSQL: COPY into each table, in one transaction. */
export async function bulkLoadPostgres(url: string, events: Iterable<SyntheticEvent>): Promise<Rollups> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    assertEmpty(Number((await client.query('select count(*) as n from analytics_events')).rows[0].n));
    await client.query('begin');
    const rollups = new Rollups();
    function* counted() {
      for (const event of events) {
        rollups.add(event);
        yield event;
      }
    }
    await copyInto(client, 'analytics_events', EVENT_COLUMNS, counted());
    await copyInto(client, 'analytics_daily', DAILY_COLUMNS, rollups.dailyRows());
    await copyInto(client, 'analytics_sessions', SESSION_COLUMNS, rollups.sessionRows());
    await copyInto(
      client,
      'analytics_sessions_by_last_day',
      BY_LAST_DAY_COLUMNS,
      rollups.sessionsByLastDay(),
    );
    await copyInto(client, 'analytics_sessions_by_source', BY_SOURCE_COLUMNS, rollups.sessionsBySource());
    await client.query('commit');
    return rollups;
  } finally {
    await client.end();
  }
}

/** Everything the writer stores, in a stable order (ids aside: they differ after a delete). */
async function analyticsRows(db: Db) {
  return {
    events: await db
      .selectFrom('analytics_events')
      .select([...EVENT_COLUMNS])
      .orderBy('id')
      .execute(),
    daily: await db
      .selectFrom('analytics_daily')
      .selectAll()
      .orderBy('day')
      .orderBy('event_type')
      .orderBy('section')
      .execute(),
    sessions: await db.selectFrom('analytics_sessions').selectAll().orderBy('session_id').execute(),
    byLastDay: await db
      .selectFrom('analytics_sessions_by_last_day')
      .selectAll()
      .where('sessions', '<>', 0)
      .orderBy('last_day')
      .execute(),
    bySource: await db
      .selectFrom('analytics_sessions_by_source')
      .selectAll()
      .where('sessions', '<>', 0)
      .orderBy('last_day')
      .orderBy('source')
      .execute(),
  };
}

async function clearAnalytics(db: Db) {
  for (const table of [
    'analytics_events',
    'analytics_daily',
    'analytics_sessions',
    'analytics_sessions_by_last_day',
    'analytics_sessions_by_source',
  ] as const)
    await db.deleteFrom(table).execute();
}

/**
 * Writes `events` through the production writer, then through `bulkLoad`, and throws unless both
 * left identical rows; the tables are empty again afterwards. The writer is flushed at every London
 * midnight: in production a batch holds about a second of events, so one spanning midnight is rare,
 * and in such a batch the writer records the later day as a new session's first day.
 */
export async function checkBulkMatchesWriter(
  db: Db,
  events: SyntheticEvent[],
  bulkLoad: (events: SyntheticEvent[]) => Promise<unknown>,
): Promise<void> {
  const clock = { t: 0, now: () => clock.t };
  const fail = (obj: object) => {
    throw new Error(`writer failed: ${JSON.stringify(obj)}`);
  };
  const writer = createAnalyticsService(
    db,
    clock,
    { queueLimit: events.length + 1, retentionDays: 395 },
    { info: () => undefined, warn: fail, error: fail },
  );
  let day = '';
  for (const { created_at, ...event } of events) {
    if (londonDay(created_at) !== day) {
      await writer.flush();
      day = londonDay(created_at);
    }
    clock.t = created_at;
    writer.enqueue(event);
  }
  await writer.flush();
  const written = JSON.stringify(await analyticsRows(db));
  await clearAnalytics(db);
  await bulkLoad(events);
  const loaded = JSON.stringify(await analyticsRows(db));
  await clearAnalytics(db);
  if (written !== loaded) throw new Error('the bulk load and the production writer stored different rows');
}
