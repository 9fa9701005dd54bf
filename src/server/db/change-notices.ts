// Change notices between instances (issue 20, item 6; docs/decisions/0417). Every instance keeps the
// public lists and the rendered pages in memory. A write clears them at once on the instance that
// made it; with PostgreSQL it also NOTIFYs one channel that every instance LISTENs on, so the others
// drop the same caches within milliseconds. Their re-check (PUBLIC_CACHE_TTL_MS, PAGE_RECHECK_MS)
// stays as the fallback for a notice that never arrives: a lost connection, a failed send.
//
// The listening connection, and its reconnecting after a drop, is change-listener.ts. After each
// reconnection everything is treated as changed: notices sent meanwhile are gone.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import { errorText, startListener, type ChangeNoticesLog } from './change-listener.ts';
import type { Db } from './database.ts';

export const CHANGE_CHANNEL = 'range_public_changes';
/** How the listening connection shows in pg_stat_activity (for an operator, and the tests). */
export const LISTENER_APPLICATION_NAME = 'range-change-notices';

/** What changed: one content kind's public list, or the business details. */
export type ChangeTopic = ContentKind | 'site';
const TOPICS = new Set<string>([...CONTENT_KIND_NAMES, 'site']);

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

/** What sending needs; `failing` makes a send that keeps failing log once, not at every write. */
interface Sender {
  readonly db: Db;
  readonly log: ChangeNoticesLog;
  /** Who this instance is in the notices it sends. */
  readonly instance: string;
  failing: boolean;
}

export function startChangeNotices(options: ChangeNoticesOptions): ChangeNotices {
  const { url, db, log, onChange } = options;
  const sender: Sender = { db, log, instance: randomBytes(8).toString('hex'), failing: false };
  const listener = startListener({
    url,
    channel: CHANGE_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    log,
    onNotice(payload) {
      const notice = readNotice(payload);
      // Our own notice: this instance cleared its caches before sending it.
      if (notice.from === sender.instance) return;
      onChange(typeof notice.topic === 'string' && TOPICS.has(notice.topic) ? notice.topic : undefined);
    },
    // Whatever was sent while nobody listened is lost (and at start the caches may hold data read
    // before LISTEN): everything counts as changed, once.
    onListening: () => onChange(undefined),
  });
  return {
    publish: (topic) => sendNotice(sender, topic),
    close: () => listener.close(),
  };
}

/** An unreadable payload (another version?) is an empty notice: "anything changed", from anyone. */
function readNotice(payload: string | undefined): Partial<Notice> {
  try {
    const parsed: unknown = JSON.parse(payload ?? '');
    if (typeof parsed === 'object' && parsed !== null) return parsed as Partial<Notice>;
  } catch {
    // Not JSON: the empty notice below.
  }
  return {};
}

async function sendNotice(sender: Sender, topic: ChangeTopic | undefined): Promise<void> {
  const notice: Notice = topic ? { from: sender.instance, topic } : { from: sender.instance };
  try {
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(notice)})`.execute(sender.db);
    sender.failing = false;
  } catch (error) {
    // The write itself succeeded; its answer must not fail because the notice could not go.
    if (!sender.failing) {
      sender.log.warn(
        { err: errorText(error) },
        'a change notice could not be sent; other instances re-check soon',
      );
    }
    sender.failing = true;
  }
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
