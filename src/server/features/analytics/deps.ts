import type { Selectable } from 'kysely';
import type { AnalyticsEventType } from '#shared/schemas/analytics.ts';
import type { Db } from '../../db/database.ts';
import type { AnalyticsEventsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

/** An event as accepted from a page: the stored columns less the id and the time the server stamps. */
export type IncomingEvent = Omit<Selectable<AnalyticsEventsTable>, 'id' | 'created_at' | 'event_type'> & {
  event_type: AnalyticsEventType;
  /**
   * A page view's source label (sourceLabel: utm_source, else the referring host, else "direct"),
   * when the page sent one. Kept on the event's session, not stored with the event itself.
   */
  source?: string | null;
};

export type QueuedEvent = IncomingEvent & { created_at: number };

export interface AnalyticsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AnalyticsOptions {
  queueLimit: number;
  retentionDays: number;
}

/** The ingestion's mutable state: one per service, shared by the functions of ingest-queue.ts. */
export interface IngestState {
  queue: QueuedEvent[];
  stats: {
    accepted: number;
    written: number;
    limited: number;
    no_consent: number;
    dropped_bots: number;
    dropped_queue_full: number;
    dropped_refused: number;
    dropped_at_shutdown: number;
    failed_flushes: number;
  };
  /** Set while the database does not answer; cleared by the first write that succeeds. */
  down: { since: number; retryAt: number; delayMs: number; reason: string } | null;
  // Every write and the reset run one after another on this chain, so a reset can't interleave
  // with a batch that was taken from the queue before it.
  chain: Promise<unknown>;
  flushScheduled: boolean;
  timer: NodeJS.Timeout | undefined;
  /** Events taken from the queue by the write running now and not yet stored, dropped or put back. */
  inFlight: number;
}

/** What stores queued batches: on the event loop or in a thread of its own (event-writer.ts). */
export interface EventWriter {
  /** Stores the batch in one transaction; rejects with the database's error when it refuses it. */
  write(batch: QueuedEvent[]): Promise<void>;
  /** Releases what the writer holds; called once, after the last write. */
  close(): Promise<void>;
}

/** What every analytics function is given first. */
export interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  options: AnalyticsOptions;
  log: AnalyticsLog;
  ingest: IngestState;
  writer: EventWriter;
}

export function newIngestState(): IngestState {
  return {
    queue: [],
    stats: {
      accepted: 0,
      written: 0,
      limited: 0,
      no_consent: 0,
      dropped_bots: 0,
      dropped_queue_full: 0,
      dropped_refused: 0,
      dropped_at_shutdown: 0,
      failed_flushes: 0,
    },
    down: null,
    chain: Promise.resolve(),
    flushScheduled: false,
    timer: undefined,
    inFlight: 0,
  };
}
