// Change notices between instances (issue 20, item 6; docs/decisions/0417). Every instance keeps the
// public lists and the rendered pages in memory. A write clears them at once on the instance that
// made it; with PostgreSQL it also NOTIFYs one channel that every instance LISTENs on, so the others
// drop the same caches within milliseconds. Their re-check (PUBLIC_CACHE_TTL_MS, PAGE_RECHECK_MS)
// stays as the fallback for a notice that never arrives: a lost connection, a failed send.
//
// The listener is one dedicated connection (a pooled one would be handed to queries and its LISTEN
// lost), opened from DATABASE_URL like the pool. When it drops (a PostgreSQL restart,
// pg_terminate_backend) it reconnects with back-off, logs once per outage, and after reconnecting
// treats everything as changed: notices sent meanwhile are gone.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'kysely';
import type { Client } from 'pg';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from './database.ts';

export const CHANGE_CHANNEL = 'range_public_changes';
/** How the listening connection shows in pg_stat_activity (for an operator, and the tests). */
export const LISTENER_APPLICATION_NAME = 'range-change-notices';
/** Waits between reconnection attempts: doubling from the first to the last, then staying there. */
export const RECONNECT_DELAYS_MS = { first: 100, max: 10_000 } as const;
/** A connection attempt that hangs (an unreachable host) is given up after this and retried. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * TCP keep-alive on the idle listening connection: a firewall or NAT that forgets idle connections
 * silently would otherwise leave it deaf without anyone noticing (the poll would still cover it).
 */
const KEEP_ALIVE_DELAY_MS = 30_000;

/** What changed: one content kind's public list, or the business details. */
export type ChangeTopic = ContentKind | 'site';
const TOPICS = new Set<string>([...CONTENT_KIND_NAMES, 'site']);

export interface ChangeNoticesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ChangeNoticesOptions {
  /** DATABASE_URL: the same server and database as the pool. */
  url: string;
  /** Notices are sent through the application's own pool. */
  db: Db;
  log: ChangeNoticesLog;
  /**
   * Another instance changed `topic`; undefined when anything may have changed (a notice this
   * version cannot read, or the listener was reconnected and may have missed some).
   */
  onChange(topic: ChangeTopic | undefined): void;
}

export interface ChangeNotices {
  /** Tells the other instances; never rejects (they will see the change at their next re-check). */
  publish(topic: ChangeTopic | undefined): Promise<void>;
  /** Stops listening and closes the connection; nothing is retried afterwards. */
  close(): Promise<void>;
}

/** The payload: who sent it (an instance skips its own) and what changed — a few dozen bytes. */
interface Notice {
  from: string;
  topic?: ChangeTopic;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startChangeNotices(options: ChangeNoticesOptions): ChangeNotices {
  const { url, db, log, onChange } = options;
  const instance = randomBytes(8).toString('hex');
  let client: Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  /** Abandons the connection attempt in progress (on close: a hanging one must not hold shutdown). */
  let abandonAttempt: (() => void) | undefined;
  let delayMs: number = RECONNECT_DELAYS_MS.first;
  /** Set while the listener is down: the outage is logged when it begins and when it ends. */
  let downSince: number | undefined;
  let publishFailing = false;

  const received = (payload: string | undefined) => {
    let notice: Partial<Notice> = {};
    try {
      const parsed: unknown = JSON.parse(payload ?? '');
      if (typeof parsed === 'object' && parsed !== null) notice = parsed as Partial<Notice>;
    } catch {
      // Unreadable (another version?): treated as "anything changed" below.
    }
    // Our own notice: this instance cleared its caches before sending it.
    if (notice.from === instance) return;
    onChange(typeof notice.topic === 'string' && TOPICS.has(notice.topic) ? notice.topic : undefined);
  };

  const scheduleRetry = (error: unknown) => {
    if (closed) return;
    if (downSince === undefined) {
      downSince = Date.now();
      log.warn(
        { err: errorText(error) },
        'change notices between instances interrupted; reconnecting (until then other instances ' +
          'show changes at their next re-check)',
      );
    }
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delayMs);
    // A pending retry never keeps the process alive.
    retryTimer.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_DELAYS_MS.max);
  };

  async function open(): Promise<void> {
    const { default: pg } = await import('pg');
    let socket: net.Socket | undefined;
    const candidate = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
      // The listening connection alone never keeps the process alive (it is closed on app close).
      stream: () => (socket = new net.Socket().unref()),
    });
    abandonAttempt = () => socket?.destroy();
    let dead = false;
    const lost = (error: unknown) => {
      if (dead) return;
      dead = true;
      candidate.end().catch(() => undefined);
      // Before it was adopted, open() itself sees the failure and retries.
      if (client !== candidate) return;
      client = undefined;
      scheduleRetry(error);
    };
    // Registered before connecting: an 'error' event without a listener would end the process.
    candidate.on('error', lost);
    candidate.on('end', () => lost(new Error('the connection ended')));
    candidate.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) received(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (dead) throw new Error('the connection ended');
    } catch (error) {
      lost(error);
      scheduleRetry(error);
      return;
    } finally {
      abandonAttempt = undefined;
    }
    if (closed) {
      dead = true;
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delayMs = RECONNECT_DELAYS_MS.first;
    if (downSince !== undefined) {
      log.info({ downMs: Date.now() - downSince }, 'change notices between instances resumed');
      downSince = undefined;
    }
    // Whatever was sent while nobody listened is lost (and at start the caches may hold data read
    // before LISTEN): everything counts as changed, once.
    onChange(undefined);
  }

  function connect(): Promise<void> {
    // Never rejects: whatever fails (even loading pg) is one more failed attempt.
    connecting ??= open()
      .catch((error: unknown) => scheduleRetry(error))
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  void connect();

  return {
    async publish(topic) {
      const notice: Notice = topic ? { from: instance, topic } : { from: instance };
      try {
        await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
        publishFailing = false;
      } catch (error) {
        // The write itself succeeded; its answer must not fail because the notice could not go.
        if (!publishFailing) {
          log.warn(
            { err: errorText(error) },
            'a change notice could not be sent; other instances re-check soon',
          );
        }
        publishFailing = true;
      }
    },

    async close() {
      closed = true;
      clearTimeout(retryTimer);
      abandonAttempt?.();
      await connecting;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/** The caches a change notice clears (structural, so this module imports no feature). */
export interface InstanceCaches {
  content: {
    onChange(listener: (kind: ContentKind | undefined) => Promise<void>): void;
    forgetPublicLists(kind?: ContentKind): void;
  };
  site: { onChange(listener: () => Promise<void>): void };
  /** What is built from the lists and the business details: the rendered pages, the calendar. */
  builtFromThem: { invalidate(): void }[];
}

/**
 * With PostgreSQL, makes every content or business-details write through this instance clear the
 * same caches on the others, and theirs clear this one's. Nothing on SQLite (one instance).
 */
export function shareChangesBetweenInstances(
  database: { dialect: 'sqlite' } | { dialect: 'postgres'; url: string },
  db: Db,
  log: ChangeNoticesLog,
  caches: InstanceCaches,
): ChangeNotices | undefined {
  if (database.dialect !== 'postgres') return undefined;
  const notices = startChangeNotices({
    url: database.url,
    db,
    log,
    onChange(topic) {
      // The business details are not cached themselves, only in the pages.
      if (topic !== 'site') caches.content.forgetPublicLists(topic);
      for (const built of caches.builtFromThem) built.invalidate();
    },
  });
  caches.content.onChange((kind) => notices.publish(kind));
  caches.site.onChange(() => notices.publish('site'));
  return notices;
}
