// Ingestion through a bounded in-memory queue written in batched transactions; while the database
// does not answer the queue is kept and writes back off (docs/decisions/0203, issue 15).
import type { IngestStats } from '#shared/schemas/analytics.ts';
import { toIso } from '../../lib/clock.ts';
import type { AnalyticsDeps, IncomingEvent, IngestState } from './deps.ts';
import { DatabaseDown, writeSplitting } from './event-writes.ts';
import * as repo from './repository.ts';

/** The flush timer's period: an accepted event is on disk within about this long. */
export const FLUSH_INTERVAL_MS = 1000;
/** Events per write transaction; a burst this big is written at once rather than at the next tick. */
export const FLUSH_BATCH_SIZE = 2000;
/** While the database does not answer, writes are retried after 1, 2, 4 … seconds, at most this apart. */
const DOWN_BACKOFF_MAX_MS = 30_000;

/** Runs the task after every write or reset started before it. */
export function serially<T>(ingest: IngestState, task: () => Promise<T>): Promise<T> {
  const run = ingest.chain.then(task);
  ingest.chain = run.catch(() => undefined);
  return run;
}

/** Accepts an event for writing, or returns false when the queue is full (the caller answers 503). */
export function enqueue(deps: AnalyticsDeps, event: IncomingEvent): boolean {
  const { ingest, options, log } = deps;
  if (ingest.queue.length >= options.queueLimit) {
    ingest.stats.dropped_queue_full += 1;
    const dropped = ingest.stats.dropped_queue_full;
    if (dropped === 1 || dropped % 1000 === 0) {
      log.warn({ dropped, limit: options.queueLimit }, 'analytics queue full; events refused');
    }
    return false;
  }
  ingest.queue.push({ ...event, created_at: deps.clock.now() });
  ingest.stats.accepted += 1;
  if (ingest.queue.length >= FLUSH_BATCH_SIZE && !ingest.down) scheduleFlush(deps);
  return true;
}

/** The events not queued, by reason: counted so the ingest stats show them. */
export function countBot({ ingest }: AnalyticsDeps): void {
  ingest.stats.dropped_bots += 1;
}

export function countLimited({ ingest }: AnalyticsDeps): void {
  ingest.stats.limited += 1;
}

export function countNoConsent({ ingest }: AnalyticsDeps): void {
  ingest.stats.no_consent += 1;
}

/**
 * Writes everything queued so far. A refused event is dropped alone (writeSplitting); while the
 * database does not answer the queue is kept and the periodic flush backs off.
 */
export function flush(deps: AnalyticsDeps): Promise<number> {
  const { ingest, log, clock } = deps;
  return serially(ingest, async () => {
    let written = 0;
    while (ingest.queue.length > 0) {
      const batch = ingest.queue.splice(0, FLUSH_BATCH_SIZE);
      ingest.inFlight = batch.length;
      let stored = batch.length;
      try {
        await deps.writer.write(batch);
      } catch (error) {
        ingest.stats.failed_flushes += 1;
        try {
          stored = await writeSplitting(deps, batch, error);
        } catch (failure) {
          if (failure instanceof DatabaseDown) markDown(deps, failure.message);
          throw failure;
        }
      }
      if (ingest.down) {
        log.info(
          { downForMs: clock.now() - ingest.down.since },
          'analytics database answers again; writing resumed',
        );
        ingest.down = null;
      }
      ingest.inFlight = 0;
      written += stored;
      ingest.stats.written += stored;
    }
    return written;
  });
}

function markDown({ ingest, clock, log }: AnalyticsDeps, reason: string) {
  const now = clock.now();
  const { down } = ingest;
  const delayMs = down ? Math.min(down.delayMs * 2, DOWN_BACKOFF_MAX_MS) : FLUSH_INTERVAL_MS;
  if (!down)
    log.error(
      { reason, queued: ingest.queue.length },
      'analytics database unreachable; events are kept in the queue',
    );
  ingest.down = { since: down?.since ?? now, retryAt: now + delayMs, delayMs, reason };
}

function scheduleFlush(deps: AnalyticsDeps) {
  const { ingest, log } = deps;
  if (ingest.flushScheduled) return;
  ingest.flushScheduled = true;
  flush(deps)
    .catch((err: unknown) => {
      // DatabaseDown was logged once when the outage began; anything else is news.
      if (!(err instanceof DatabaseDown))
        log.error({ err, queued: ingest.queue.length }, 'analytics flush failed; will retry');
    })
    .finally(() => {
      ingest.flushScheduled = false;
    });
}

/** Starts the periodic flush (the app does this at build; tests may call flush() directly). */
export function startFlushing(deps: AnalyticsDeps): void {
  const { ingest, clock } = deps;
  if (ingest.timer) return;
  ingest.timer = setInterval(() => {
    if (ingest.queue.length > 0 && (!ingest.down || clock.now() >= ingest.down.retryAt)) scheduleFlush(deps);
  }, FLUSH_INTERVAL_MS);
  ingest.timer.unref();
}

export function ingestStats({ ingest }: AnalyticsDeps): IngestStats {
  return {
    queued: ingest.queue.length,
    ...ingest.stats,
    database_down_since: ingest.down ? toIso(ingest.down.since) : null,
  };
}

/** Deletes every stored event and rollup, and whatever is still queued (it predates the reset). */
export const resetAnalytics = ({ db, ingest }: AnalyticsDeps) =>
  serially(ingest, async () => {
    ingest.queue = [];
    await repo.deleteAll(db);
  });
