// First-party analytics: ingestion through a bounded in-memory queue written in batched
// transactions, and the admin reports (DESIGN "Analytics definitions"; docs/decisions/0203).
import { isbot } from 'isbot';
import type { AnalyticsEventType, AnalyticsSummary, IngestStats } from '#shared/schemas/analytics.ts';
import type { Db } from '../../db/database.ts';
import { sql, type Selectable } from 'kysely';
import type { AnalyticsEventsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { toIso } from '../../lib/clock.ts';
import { addDays, londonDay, londonMidnight, periodDays } from '#shared/london-days.ts';
import { csvLine } from '../../lib/csv.ts';
import * as repo from './repository.ts';

/** The flush timer's period: an accepted event is on disk within about this long. */
export const FLUSH_INTERVAL_MS = 1000;
/** Events per write transaction; a burst this big is written at once rather than at the next tick. */
export const FLUSH_BATCH_SIZE = 2000;
const EXPORT_PAGE_ROWS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** User agents already judged; a site's visitors share a few hundred, so the cache stays small. */
const BOT_VERDICTS_KEPT = 1000;
const botVerdicts = new Map<string, boolean>();

/**
 * An obvious bot: no user agent at all, or one the `isbot` list knows — crawlers, previewers,
 * monitors, HTTP libraries and headless browsers (docs/decisions/0402). Verdicts are remembered
 * because the list is one large pattern and the same few agents send almost every event.
 */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  if (!userAgent) return true;
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/** An event as accepted from a page: the stored columns less the id and the time the server stamps. */
export type IncomingEvent = Omit<Selectable<AnalyticsEventsTable>, 'id' | 'created_at' | 'event_type'> & {
  event_type: AnalyticsEventType;
};

type QueuedEvent = IncomingEvent & { created_at: number };

export interface AnalyticsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AnalyticsOptions {
  queueLimit: number;
  retentionDays: number;
}

const CSV_COLUMNS = [
  'timestamp',
  'date',
  'event_type',
  'page',
  'element',
  'section',
  'session_id',
  'view_id',
  'dwell_ms',
  'referrer',
  'user_agent',
] as const;

/** Seconds with one decimal, as the Section Engagement list shows them. */
const averageSeconds = (sumMs: number, count: number) => Math.round(sumMs / count / 100) / 10;

/** While the database does not answer, writes are retried after 1, 2, 4 … seconds, at most this apart. */
const DOWN_BACKOFF_MAX_MS = 30_000;
/** Shutdown waits this long for the last writes, so it always ends before the server's own deadline. */
export const STOP_FLUSH_DEADLINE_MS = 5000;
/** How often shutdown asks a database that is down again, until that deadline. */
const STOP_RETRY_MS = 250;

/** Raised when the database stops answering mid-flush: the events not yet written go back in the queue. */
class DatabaseDown extends Error {}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export function createAnalyticsService(db: Db, clock: Clock, options: AnalyticsOptions, log: AnalyticsLog) {
  let queue: QueuedEvent[] = [];
  const stats = {
    accepted: 0,
    written: 0,
    limited: 0,
    no_consent: 0,
    dropped_bots: 0,
    dropped_queue_full: 0,
    dropped_refused: 0,
    dropped_at_shutdown: 0,
    failed_flushes: 0,
  };
  /** Set while the database does not answer; cleared by the first write that succeeds. */
  let down: { since: number; retryAt: number; delayMs: number; reason: string } | null = null;
  // Every write and the reset run one after another on this chain, so a reset can't interleave
  // with a batch that was taken from the queue before it.
  let chain: Promise<unknown> = Promise.resolve();
  let flushScheduled = false;
  let timer: NodeJS.Timeout | undefined;
  /** Events taken from the queue by the write running now and not yet stored, dropped or put back. */
  let inFlight = 0;

  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  async function writeBatch(batch: QueuedEvent[]): Promise<void> {
    const daily = new Map<string, repo.DailyDelta>();
    const sessions = new Map<string, string>();
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
        const seen = sessions.get(event.session_id);
        if (!seen || seen < day) sessions.set(event.session_id, day);
      }
    }
    await db.transaction().execute(async (trx) => {
      await repo.insertEvents(trx, batch);
      await repo.addDailyCounts(trx, [...daily.values()]);
      await repo.touchSessions(
        trx,
        [...sessions].map(([session_id, day]) => ({ session_id, day })),
      );
    });
  }

  const databaseAnswers = () =>
    sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );

  /**
   * A batch the database refused although it answers: retried once whole (the failure may have been
   * passing, e.g. a dropped connection), then halved again and again until each refused event stands
   * alone; those are dropped, counted and logged, the rest is stored. Throws DatabaseDown, with the
   * events not yet written back at the front of the queue, if the database stops answering meanwhile.
   */
  async function writeSplitting(batch: QueuedEvent[], firstError: unknown): Promise<number> {
    let written = 0;
    const refused: string[] = [];
    const parts: QueuedEvent[][] = [batch];
    let lastError = firstError;
    let retried = false;
    while (parts.length > 0) {
      const part = parts.pop()!;
      if (!(await databaseAnswers())) {
        queue = [part, ...parts.reverse()].flat().concat(queue);
        inFlight = 0;
        throw new DatabaseDown(reasonOf(lastError));
      }
      try {
        await writeBatch(part);
        written += part.length;
        inFlight -= part.length;
        continue;
      } catch (error) {
        lastError = error;
      }
      if (part === batch && !retried) {
        retried = true;
        parts.push(part);
      } else if (part.length === 1) {
        refused.push(reasonOf(lastError));
        inFlight -= 1;
      } else {
        const middle = Math.ceil(part.length / 2);
        parts.push(part.slice(middle), part.slice(0, middle));
      }
    }
    if (refused.length > 0) {
      stats.dropped_refused += refused.length;
      log.error(
        { refused: refused.length, stored: written, reason: refused[0] },
        'analytics events refused by the database were dropped; the rest of their batch is stored',
      );
    }
    return written;
  }

  /**
   * Writes everything queued so far. A refused event is dropped alone (writeSplitting); while the
   * database does not answer the queue is kept and the periodic flush backs off.
   */
  const flush = () =>
    serially(async () => {
      let written = 0;
      while (queue.length > 0) {
        const batch = queue.splice(0, FLUSH_BATCH_SIZE);
        inFlight = batch.length;
        let stored = batch.length;
        try {
          await writeBatch(batch);
        } catch (error) {
          stats.failed_flushes += 1;
          try {
            stored = await writeSplitting(batch, error);
          } catch (failure) {
            if (failure instanceof DatabaseDown) markDown(failure.message);
            throw failure;
          }
        }
        if (down) {
          log.info(
            { downForMs: clock.now() - down.since },
            'analytics database answers again; writing resumed',
          );
          down = null;
        }
        inFlight = 0;
        written += stored;
        stats.written += stored;
      }
      return written;
    });

  function markDown(reason: string) {
    const now = clock.now();
    const delayMs = down ? Math.min(down.delayMs * 2, DOWN_BACKOFF_MAX_MS) : FLUSH_INTERVAL_MS;
    if (!down)
      log.error(
        { reason, queued: queue.length },
        'analytics database unreachable; events are kept in the queue',
      );
    down = { since: down?.since ?? now, retryAt: now + delayMs, delayMs, reason };
  }

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    flush()
      .catch((err: unknown) => {
        // DatabaseDown was logged once when the outage began; anything else is news.
        if (!(err instanceof DatabaseDown))
          log.error({ err, queued: queue.length }, 'analytics flush failed; will retry');
      })
      .finally(() => {
        flushScheduled = false;
      });
  }

  return {
    /** Accepts an event for writing, or returns false when the queue is full (the caller answers 503). */
    enqueue(event: IncomingEvent): boolean {
      if (queue.length >= options.queueLimit) {
        stats.dropped_queue_full += 1;
        if (stats.dropped_queue_full === 1 || stats.dropped_queue_full % 1000 === 0) {
          log.warn(
            { dropped: stats.dropped_queue_full, limit: options.queueLimit },
            'analytics queue full; events refused',
          );
        }
        return false;
      }
      queue.push({ ...event, created_at: clock.now() });
      stats.accepted += 1;
      if (queue.length >= FLUSH_BATCH_SIZE && !down) scheduleFlush();
      return true;
    },

    countBot() {
      stats.dropped_bots += 1;
    },

    countLimited() {
      stats.limited += 1;
    },

    countNoConsent() {
      stats.no_consent += 1;
    },

    flush,

    /** Starts the periodic flush (the app does this at build; tests may call flush() directly). */
    startFlushing() {
      if (timer) return;
      timer = setInterval(() => {
        if (queue.length > 0 && (!down || clock.now() >= down.retryAt)) scheduleFlush();
      }, FLUSH_INTERVAL_MS);
      timer.unref();
    },

    /**
     * Stops the timer and writes what is left: every event that got a 2xx reaches the database — if it
     * answers within the deadline. Otherwise what could not be written is counted and logged, and
     * stop() still returns in time: shutdown never hangs or crashes on the database.
     */
    async stop(deadlineMs = STOP_FLUSH_DEADLINE_MS) {
      clearInterval(timer);
      timer = undefined;
      const deadline = Date.now() + deadlineMs;
      let expired: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        expired = setTimeout(() => resolve('late'), deadlineMs);
      });
      // A database that is down may be back in a moment (a restart, a failover): ask again until the
      // deadline rather than giving up on the first refused connection.
      const flushUntilDeadline = async (): Promise<unknown> => {
        for (;;) {
          const error = await flush().then(
            () => null,
            (failure: unknown) => failure,
          );
          if (error === null) return 'written';
          if (!(error instanceof DatabaseDown) || Date.now() + STOP_RETRY_MS >= deadline) return error;
          await new Promise((resolve) => setTimeout(resolve, STOP_RETRY_MS));
        }
      };
      const outcome = await Promise.race([flushUntilDeadline(), late]);
      clearTimeout(expired);
      if (outcome === 'written') return;
      // A batch still in flight when the deadline passed may yet commit; it is counted as not written.
      const lost = queue.length + inFlight;
      stats.dropped_at_shutdown += lost;
      queue = [];
      log.error(
        { lost, reason: outcome === 'late' ? `no answer within ${deadlineMs} ms` : reasonOf(outcome) },
        'analytics events could not be written before shutdown and are lost',
      );
    },

    stats(): IngestStats {
      return {
        queued: queue.length,
        ...stats,
        database_down_since: down ? toIso(down.since) : null,
      };
    },

    async summary(days: number): Promise<AnalyticsSummary> {
      const [from] = periodDays(clock.now(), days) as [string];
      const [totals, visitors] = await Promise.all([
        repo.periodTotals(db, from),
        repo.countVisitorsSince(db, from),
      ]);
      const count = (type: AnalyticsEventType) =>
        totals.filter((t) => t.event_type === type).reduce((sum, t) => sum + t.events, 0);
      const sections = totals
        .filter((t) => t.event_type === 'section_dwell' && t.dwell_count > 0)
        .map((t) => ({ section: t.section, avg_time: averageSeconds(t.dwell_ms_sum, t.dwell_count) }))
        .sort((a, b) => b.avg_time - a.avg_time || a.section.localeCompare(b.section));
      return {
        total_page_views: count('page_view'),
        unique_visitors: visitors,
        button_clicks: count('button_click'),
        form_submissions: count('form_submit'),
        section_engagement: sections,
      };
    },

    /** Page views per London day of the period, oldest first, zeros included. */
    async chart(days: number): Promise<{ date: string; views: number }[]> {
      const period = periodDays(clock.now(), days);
      const counts = new Map(
        (await repo.dailyCounts(db, 'page_view', period[0]!)).map((r) => [r.day, r.events]),
      );
      return period.map((date) => ({ date, views: counts.get(date) ?? 0 }));
    },

    /** The export's file name: analytics_<London date>.csv. */
    exportFileName: () => `analytics_${londonDay(clock.now())}.csv`,

    /** The raw events of the period as CSV, read page by page so memory stays flat. */
    async *exportCsv(days: number): AsyncGenerator<string> {
      const [from] = periodDays(clock.now(), days) as [string];
      const fromMs = londonMidnight(from);
      yield csvLine([...CSV_COLUMNS]);
      let after: { created_at: number; id: number } | null = null;
      for (;;) {
        const rows = await repo.eventsPage(db, fromMs, after, EXPORT_PAGE_ROWS);
        if (rows.length === 0) return;
        yield rows
          .map((r) =>
            csvLine([
              toIso(r.created_at),
              londonDay(r.created_at),
              r.event_type,
              r.page,
              r.element,
              r.section,
              r.session_id,
              r.view_id,
              r.dwell_ms,
              r.referrer,
              r.user_agent,
            ]),
          )
          .join('');
        const last = rows[rows.length - 1]!;
        after = { created_at: last.created_at, id: last.id };
        if (rows.length < EXPORT_PAGE_ROWS) return;
      }
    },

    /** Deletes every stored event and rollup, and whatever is still queued (it predates the reset). */
    reset: () =>
      serially(async () => {
        queue = [];
        await repo.deleteAll(db);
      }),

    /** Retention: raw events older than the configured days go, with rollups and sessions of those days. */
    async purgeExpired(): Promise<number> {
      const now = clock.now();
      const beforeMs = now - options.retentionDays * DAY_MS;
      return repo.purgeBefore(db, beforeMs, addDays(londonDay(now), -options.retentionDays));
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
