// The last writes at shutdown: bounded by a deadline, so shutdown never hangs on the database.
import type { AnalyticsDeps } from './deps.ts';
import { DatabaseDown, reasonOf } from './event-writes.ts';
import { flush } from './ingest-queue.ts';

/** Shutdown waits this long for the last writes, so it always ends before the server's own deadline. */
export const STOP_FLUSH_DEADLINE_MS = 5000;
/** How often shutdown asks a database that is down again, until that deadline. */
const STOP_RETRY_MS = 250;

/**
 * Stops the timer and writes what is left: every event that got a 2xx reaches the database — if it
 * answers within the deadline. Otherwise what could not be written is counted and logged, and
 * stop() still returns in time: shutdown never hangs or crashes on the database.
 */
export async function stopIngesting(deps: AnalyticsDeps, deadlineMs = STOP_FLUSH_DEADLINE_MS) {
  const { ingest, log } = deps;
  clearInterval(ingest.timer);
  ingest.timer = undefined;
  let expired: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    expired = setTimeout(() => resolve('late'), deadlineMs);
  });
  const outcome = await Promise.race([flushUntil(deps, Date.now() + deadlineMs), late]);
  clearTimeout(expired);
  await deps.writer.close();
  if (outcome === 'written') return;
  // A batch still in flight when the deadline passed may yet commit; it is counted as not written.
  const lost = ingest.queue.length + ingest.inFlight;
  ingest.stats.dropped_at_shutdown += lost;
  ingest.queue = [];
  log.error(
    { lost, reason: outcome === 'late' ? `no answer within ${deadlineMs} ms` : reasonOf(outcome) },
    'analytics events could not be written before shutdown and are lost',
  );
}

/**
 * A database that is down may be back in a moment (a restart, a failover): asks again until the
 * deadline rather than giving up on the first refused connection.
 */
async function flushUntil(deps: AnalyticsDeps, deadline: number): Promise<unknown> {
  for (;;) {
    const error = await flush(deps).then(
      () => null,
      (failure: unknown) => failure,
    );
    if (error === null) return 'written';
    if (!(error instanceof DatabaseDown) || Date.now() + STOP_RETRY_MS >= deadline) return error;
    await new Promise((resolve) => setTimeout(resolve, STOP_RETRY_MS));
  }
}
