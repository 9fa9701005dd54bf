// What the owner's reports read from the analytics tables: sums of the daily rollup and of the
// session counts for a period, and the raw events page by page for the CSV export. The writes, and
// the purges that keep these tables in step, are in repository.ts.
import type { Db } from '../../db/database.ts';
import type { AnalyticsEventsTable } from '../../db/schema.ts';

export interface PeriodTotal {
  event_type: string;
  section: string;
  events: number;
  dwell_ms_sum: number;
  dwell_count: number;
}

export async function periodTotals(db: Db, fromDay: string): Promise<PeriodTotal[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select((eb) => [
      'event_type',
      'section',
      eb.fn.sum<number>('events').as('events'),
      eb.fn.sum<number>('dwell_ms_sum').as('dwell_ms_sum'),
      eb.fn.sum<number>('dwell_count').as('dwell_count'),
    ])
    .where('day', '>=', fromDay)
    .groupBy(['event_type', 'section'])
    .execute();
  return rows.map((r) => ({
    ...r,
    events: Number(r.events),
    dwell_ms_sum: Number(r.dwell_ms_sum),
    dwell_count: Number(r.dwell_count),
  }));
}

/** Sessions last seen on or after `fromDay`: the visitors of a period that ends today. */
export async function countVisitorsSince(db: Db, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_sessions_by_last_day')
    .select((eb) => eb.fn.sum<number | null>('sessions').as('n'))
    .where('last_day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Of the sessions last seen on or after `fromDay`, how many came from each source (those with one). */
export async function visitorsBySourceSince(db: Db, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analytics_sessions_by_source')
    .select((eb) => ['source', eb.fn.sum<number>('sessions').as('n')])
    .where('last_day', '>=', fromDay)
    .groupBy('source')
    .execute();
  return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.source, Number(r.n)]));
}

export async function dailyCounts(
  db: Db,
  eventType: string,
  fromDay: string,
): Promise<{ day: string; events: number }[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select(['day', 'events'])
    .where('event_type', '=', eventType)
    .where('section', '=', '')
    .where('day', '>=', fromDay)
    .execute();
  return rows.map((r) => ({ day: r.day, events: Number(r.events) }));
}

export type StoredEvent = Omit<AnalyticsEventsTable, 'id'> & { id: number };

/** One page of raw events from `fromMs` on, in (created_at, id) order, after the given position. */
export function eventsPage(
  db: Db,
  fromMs: number,
  after: { created_at: number; id: number } | null,
  limit: number,
): Promise<StoredEvent[]> {
  let query = db.selectFrom('analytics_events').selectAll().where('created_at', '>=', fromMs);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.created_at, after.id)),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}
