// What stores a batch of accepted events: on the event loop (`inlineWriter`) or in a worker thread
// with its own database connection (`threadWriter`, chosen when the machine has a second core —
// docs/decisions/0427), so a burst of tracking does not take the event loop from the pages served
// meanwhile. Either way one batch is one
// transaction written by `writeBatch`, and a refusal comes back as an Error carrying the database's
// message, so the queue's splitting, back-off and shutdown rules (ingest-queue.ts) are the same.
import { Worker } from 'node:worker_threads';
import type { DatabaseTarget } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { workerScript } from '../../lib/entry-points.ts';
import type { AnalyticsLog, EventWriter } from './deps.ts';
import { writeBatch, WriterUnavailable } from './event-writes.ts';
import type { WriterReply, WriterRequest } from './writer-thread.ts';

export const inlineWriter = (db: Db): EventWriter => ({
  write: (batch) => writeBatch(db, batch),
  close: async () => undefined,
});

/**
 * How long close() waits for the thread to close its connection before ending it: a write still
 * stuck on a database that stopped answering is abandoned (shutdown has counted it as lost).
 */
const CLOSE_DEADLINE_MS = 1000;

/**
 * The thread holds one batch at a time: a small young generation keeps its memory near what that
 * needs (V8's default let the server's peak grow by about 50 MiB under load). A thread that ran out
 * anyway stops, and its batch is kept and retried like any write the thread did not answer.
 */
const THREAD_HEAP_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 48 };

/**
 * A worker thread that writes batches through a connection of its own. It starts with the first
 * write (an idle server never pays for it) and again after it died; a write in flight when it died
 * is rejected, so the queue retries it like any failed write.
 */
export function threadWriter(target: DatabaseTarget, log: AnalyticsLog): EventWriter {
  let nextId = 1;
  let current: WriterThread | null = null;

  return {
    write(batch) {
      current ??= startThread(target, log, (ended) => {
        if (current === ended) current = null;
      });
      const { thread, pending } = current;
      const id = nextId++;
      // Referenced only while a write is in flight: shutdown waits for it, an idle thread holds nothing.
      thread.ref();
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // As one JSON string: a string is copied to the thread whole, where two thousand objects
        // would be cloned one by one.
        thread.postMessage({ id, batch: JSON.stringify(batch) } satisfies WriterRequest);
      });
    },
    async close() {
      if (!current) return;
      const { thread } = current;
      current = null;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage({ close: true } satisfies WriterRequest);
      const deadline = setTimeout(() => void thread.terminate(), CLOSE_DEADLINE_MS);
      await exited;
      clearTimeout(deadline);
    },
  };
}

interface WriterThread {
  thread: Worker;
  /** This thread's unanswered writes (a thread being closed may still answer its own). */
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
}

function startThread(
  target: DatabaseTarget,
  log: AnalyticsLog,
  onExit: (ended: WriterThread) => void,
): WriterThread {
  const script = workerScript('analytics-writer', 'src/server/features/analytics/writer-thread.ts');
  const thread = new Worker(script.file, {
    workerData: { target, sourceEntry: script.sourceEntry },
    resourceLimits: THREAD_HEAP_LIMITS,
  });
  const started: WriterThread = { thread, pending: new Map() };
  const { pending } = started;
  thread.on('message', (reply: WriterReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) thread.unref();
    if (reply.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(reply.error));
  });
  thread.on('error', (error) => {
    log.error({ err: error }, 'the analytics writer thread failed; it starts again with the next write');
  });
  thread.on('exit', (code) => {
    onExit(started);
    for (const { reject } of pending.values())
      reject(new WriterUnavailable(`the analytics writer thread stopped (exit code ${code})`));
    pending.clear();
  });
  return started;
}
