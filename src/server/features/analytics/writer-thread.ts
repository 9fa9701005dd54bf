// The analytics writer thread (event-writer.ts): opens its own connection to the server's database
// and stores each batch it is sent in one transaction, answering with the database's error if any.
// Compiled to dist/server/analytics-writer.js.
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseTarget } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import type { QueuedEvent } from './deps.ts';
import { writeBatch } from './event-writes.ts';

export type WriterRequest = { id: number; batch: QueuedEvent[]; close?: undefined } | { close: true };
export type WriterReply = { id: number; error?: string };

const port = parentPort;
if (port) {
  const db = openDatabase((workerData as { target: DatabaseTarget }).target);
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
        await writeBatch(db, request.batch);
        port.postMessage({ id: request.id } satisfies WriterReply);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({ id: request.id, error: message } satisfies WriterReply);
      }
    });
  });
}
