// The analytics writer thread (event-writer.ts): opens its own connection to the server's database
// and stores each batch it is sent in one transaction, answering with the database's error if any.
// Compiled to dist/server/analytics-writer.js.
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseTarget } from '../../config.ts';
import { openDatabase, sqliteConnection, type Db } from '../../db/database.ts';
import type { QueuedEvent } from './deps.ts';
import { writeBatch, type InsertEvents } from './event-writes.ts';
import { EVENT_COLUMNS } from './repository.ts';

/** `batch` is the events as JSON (QueuedEvent[]). */
export type WriterRequest = { id: number; batch: string; close?: undefined } | { close: true };
export type WriterReply = { id: number; error?: string };

/**
 * On SQLite each event is inserted by one statement prepared once, on the connection Kysely's
 * transaction runs on (about half the CPU of a multi-row insert built per batch); PostgreSQL keeps
 * the multi-row insert, one round trip per 500 events.
 */
function preparedInsert(db: Db): InsertEvents | undefined {
  const sqlite = sqliteConnection(db);
  if (!sqlite) return undefined;
  const insert = sqlite.prepare(
    `INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')})`,
  );
  return (_trx, rows) => {
    for (const event of rows) insert.run(EVENT_COLUMNS.map((column) => event[column] ?? null));
  };
}

const port = parentPort;
if (port) {
  const db = openDatabase((workerData as { target: DatabaseTarget }).target);
  const insertEvents = preparedInsert(db);
  // One batch at a time, in the order sent: the queue sends the next only after this one's answer,
  // and the chain keeps that true even if it did not.
  let chain: Promise<unknown> = Promise.resolve();
  port.on('message', (request: WriterRequest) => {
    chain = chain.then(async () => {
      if (request.close) {
        await db.destroy();
        port.close();
        return;
      }
      try {
        await writeBatch(db, JSON.parse(request.batch) as QueuedEvent[], insertEvents);
        port.postMessage({ id: request.id } satisfies WriterReply);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({ id: request.id, error: message } satisfies WriterReply);
      }
    });
  });
}
