// Writing queued events: one batch in one transaction, and what happens when the database refuses
// one (issue 15, docs/decisions/0203).
import { sql } from 'kysely';
import { londonDay } from '#shared/london-days.ts';
import type { Db } from '../../db/database.ts';
import type { AnalyticsDeps, QueuedEvent } from './deps.ts';
import * as repo from './repository.ts';

/** Raised when the database stops answering mid-flush: the events not yet written go back in the queue. */
export class DatabaseDown extends Error {}

/**
 * The writer thread stopped (or could not start) before answering: nothing says the database refused
 * these events, so the queue keeps them and retries later as during an outage — never splitting and
 * dropping them as refused rows.
 */
export class WriterUnavailable extends Error {}

export const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Stores the events themselves, inside writeBatch's transaction. */
export type InsertEvents = (trx: Db, rows: QueuedEvent[]) => Promise<void> | void;

/**
 * The events, their daily rollups and their visitors' last days, in one transaction. `insertEvents`
 * may replace the Kysely insert (the writer thread's prepared statement on SQLite).
 */
export async function writeBatch(
  db: Db,
  batch: QueuedEvent[],
  insertEvents: InsertEvents = repo.insertEvents,
): Promise<void> {
  const daily = new Map<string, repo.DailyDelta>();
  const sessions = new Map<string, repo.SessionSeen>();
  for (const event of batch) {
    const day = londonDay(event.created_at);
    const section = event.event_type.startsWith('section_') ? (event.section ?? '') : '';
    const key = `${day}\u0000${event.event_type}\u0000${section}`;
    let row = daily.get(key);
    if (!row) {
      row = { day, event_type: event.event_type, section, events: 0, dwell_ms_sum: 0, dwell_count: 0 };
      daily.set(key, row);
    }
    row.events += 1;
    if (event.event_type === 'section_dwell' && event.dwell_ms !== null) {
      row.dwell_ms_sum += event.dwell_ms;
      row.dwell_count += 1;
    }
    if (event.session_id) {
      const source = event.source ?? null;
      const seen = sessions.get(event.session_id);
      if (!seen) sessions.set(event.session_id, { session_id: event.session_id, day, source });
      else {
        if (seen.day < day) seen.day = day;
        seen.source ??= source;
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertEvents(trx, batch);
    await repo.addDailyCounts(trx, [...daily.values()]);
    await repo.touchSessions(trx, [...sessions.values()]);
  });
}

const databaseAnswers = (db: Db) =>
  sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );

/**
 * A batch the database refused although it answers: retried once whole (the failure may have been
 * passing, e.g. a dropped connection), then halved again and again until each refused event stands
 * alone; those are dropped, counted and logged, the rest is stored. Throws DatabaseDown, with the
 * events not yet written back at the front of the queue, if the database stops answering meanwhile
 * or the writer thread stopped.
 */
export async function writeSplitting(
  { db, log, ingest, writer }: AnalyticsDeps,
  batch: QueuedEvent[],
  firstError: unknown,
): Promise<number> {
  let written = 0;
  const refused: string[] = [];
  const parts: QueuedEvent[][] = [batch];
  let lastError = firstError;
  let retried = false;
  while (parts.length > 0) {
    const part = parts.pop()!;
    if (lastError instanceof WriterUnavailable || !(await databaseAnswers(db))) {
      ingest.queue = [part, ...parts.reverse()].flat().concat(ingest.queue);
      ingest.inFlight = 0;
      throw new DatabaseDown(reasonOf(lastError));
    }
    try {
      await writer.write(part);
      written += part.length;
      ingest.inFlight -= part.length;
      continue;
    } catch (error) {
      lastError = error;
    }
    if (part === batch && !retried) {
      retried = true;
      parts.push(part);
    } else if (part.length === 1) {
      refused.push(reasonOf(lastError));
      ingest.inFlight -= 1;
    } else {
      const middle = Math.ceil(part.length / 2);
      parts.push(part.slice(middle), part.slice(0, middle));
    }
  }
  if (refused.length > 0) {
    ingest.stats.dropped_refused += refused.length;
    log.error(
      { refused: refused.length, stored: written, reason: refused[0] },
      'analytics events refused by the database were dropped; the rest of their batch is stored',
    );
  }
  return written;
}
