// Content of the public site (docs/product.md#content-fields): six kinds sharing one set of rules. Public
// lists hold active items within their schedule only (issue 17) and never a private event (issue 28), ordered
// by `order` then id; admin lists hold everything.
import type { z } from 'zod';
import { isPublicAt } from '#shared/schedule.ts';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../../db/database.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { compressBody, type CompressedBody } from '../../lib/compressed-body.ts';
import { notFound, parseOrThrow } from '../../lib/http-error.ts';
import {
  explainingClashes,
  releaseEventDay,
  takeEventDay,
  type CalendarEvent,
  type DayHolder,
} from '../bookings/days.ts';
import { moveToTrash, restoreFromTrash } from '../trash/repository.ts';
import * as repo from './repository.ts';

type ContentItem<K extends ContentKind> = z.output<(typeof CONTENT_KINDS)[K]['item']>;
import type { ContentRow } from './repository.ts';

/**
 * Public lists are read on every page view, so each instance keeps the rendered JSON for a moment.
 * A write through this instance clears it at once; other instances (PostgreSQL deployments) are told
 * by a change notice (db/change-notices.ts) and, should one be missed, re-read within this many
 * milliseconds.
 */
export const PUBLIC_CACHE_TTL_MS = 1000;

/** The JSON of a public list in every encoding we send, with its ETag. */
export type PublicList = CompressedBody;

const NOUNS: Record<ContentKind, string> = {
  events: 'Event',
  logos: 'Logo',
  badges: 'Badge',
  gallery: 'Gallery image',
  videos: 'Video',
  testimonials: 'Testimonial',
};

/** A stored row as the API shows it: flags as booleans, timestamps as ISO strings. */
export function toApiItem(row: ContentRow): Record<string, unknown> {
  return {
    ...row,
    is_active: row.is_active === 1,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    show_from: row.show_from === null ? null : toIso(Number(row.show_from)),
    hide_after: row.hide_after === null ? null : toIso(Number(row.hide_after)),
    // Events only; a row restored without the column holds null, which is not private.
    ...('is_private' in row ? { is_private: row.is_private === 1 } : {}),
    ...('needs_crew' in row ? { needs_crew: row.needs_crew !== 0 } : {}),
  };
}

const epochOrNull = (iso: unknown) => (typeof iso === 'string' && iso ? Date.parse(iso) : null);

/** API input → columns: booleans become 0/1 and `id`/timestamps are never taken from the client. */
function toColumns(input: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, ...fields } = input;
  return {
    ...fields,
    is_active: fields.is_active === false ? 0 : 1,
    show_from: epochOrNull(fields.show_from),
    hide_after: epochOrNull(fields.hide_after),
    ...('is_private' in fields ? { is_private: fields.is_private === true ? 1 : 0 } : {}),
    ...('needs_crew' in fields ? { needs_crew: fields.needs_crew === false ? 0 : 1 } : {}),
  };
}

/** The column each kind is known by in the admin's lists. */
export const TITLE_COLUMNS: Record<ContentKind, string> = {
  events: 'name',
  logos: 'name',
  badges: 'name',
  gallery: 'title',
  videos: 'title',
  testimonials: 'client_name',
};

type ChangeListener = (kind: ContentKind | undefined) => void | Promise<void>;

/** One instance's public-list cache and who is told of changes: one per service. */
interface ListsState {
  cache: Map<ContentKind, { list: PublicList; expiresAt: number }>;
  /** Bumped whenever lists are forgotten: a read that began before cannot put back what it read. */
  generation: number;
  /**
   * Whatever is built from the public lists (the rendered pages, the other instances) is told when
   * one changes here; the write answers once they have been told.
   */
  listeners: ChangeListener[];
}

/** What every function here is given first (docs/decisions/0425). */
export interface ContentDeps {
  db: Db;
  clock: Clock;
  lists: ListsState;
}

const itemOf = (kind: ContentKind, row: ContentRow) => CONTENT_KINDS[kind].item.parse(toApiItem(row));

/**
 * Forgets one cached public list, or all, without telling anyone: for a change made through another
 * instance, which has told everyone itself.
 */
export function forgetPublicLists({ lists }: ContentDeps, kind?: ContentKind): void {
  lists.generation += 1;
  if (kind) lists.cache.delete(kind);
  else lists.cache.clear();
}

/** Forgets the list and tells every listener; a write answers once they have been told. */
export async function changed(deps: ContentDeps, kind?: ContentKind): Promise<void> {
  forgetPublicLists(deps, kind);
  await Promise.all(deps.lists.listeners.map((listener) => listener(kind)));
}

/** Called after every change through this instance, with the kind changed (none: any kind). */
export function onChange({ lists }: ContentDeps, listener: ChangeListener): void {
  lists.listeners.push(listener);
}

/** The cached public list while it is fresh, without touching the database. */
export function cachedPublicList({ lists, clock }: ContentDeps, kind: ContentKind): PublicList | undefined {
  const hit = lists.cache.get(kind);
  return hit && hit.expiresAt > clock.now() ? hit.list : undefined;
}

export async function publicList({ db, clock, lists }: ContentDeps, kind: ContentKind): Promise<PublicList> {
  const now = clock.now();
  const hit = lists.cache.get(kind);
  if (hit && hit.expiresAt > now) return hit.list;
  const readFrom = lists.generation;
  // What the public sees — active, within its schedule, not private (isPublicAt, the one rule of every
  // public channel); the list is kept no later than the next scheduled change.
  const { rows, nextChangeAt } = await repo.activeContent(db, kind, now);
  const { publicItem } = CONTENT_KINDS[kind];
  const items = rows
    .map((r) => itemOf(kind, r))
    .filter((item) => isPublicAt(item, now))
    .map((item) => publicItem.parse(item));
  const json = Buffer.from(JSON.stringify({ success: true, [CONTENT_KINDS[kind].listKey]: items }));
  // Usually nothing changed since the last read: keep the compressed copies (brotli at full
  // quality costs milliseconds of the event loop, every second, per list) and only renew the time.
  const list = hit?.list.identity.equals(json) ? hit.list : compressBody(json);
  const expiresAt = Math.min(now + PUBLIC_CACHE_TTL_MS, nextChangeAt ?? Infinity);
  if (readFrom === lists.generation) lists.cache.set(kind, { list, expiresAt });
  return list;
}

export async function adminList<K extends ContentKind>(
  { db }: ContentDeps,
  kind: K,
): Promise<ContentItem<K>[]> {
  return (await repo.listContent(db, kind, false)).map((r) => itemOf(kind, r) as ContentItem<K>);
}

/** What the owner can do when an event's day is taken, in the words of the event form. */
const EVENT_DAY_TAKEN_WAY = (holder: DayHolder) =>
  holder === 'booking'
    ? 'Choose another date, move that booking first, or untick "Needs our crew" if the crew does not work this event.'
    : 'Choose another date, or untick "Needs our crew" on the event the crew does not work.';

/**
 * Runs a write of a content item; an event's write also takes its day on the one calendar in the
 * same transaction (docs/decisions/0468), so a clash is a 409 naming the other and nothing is written.
 */
async function writing<T>(
  deps: ContentDeps,
  kind: ContentKind,
  write: (db: Db, takeDay: (event: Record<string, unknown>) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (kind !== 'events') return write(deps.db, () => Promise.resolve());
  return explainingClashes(
    deps.db,
    () =>
      deps.db
        .transaction()
        .execute((trx) => write(trx, (event) => takeEventDay(trx, event as unknown as CalendarEvent))),
    EVENT_DAY_TAKEN_WAY,
  );
}

export async function createItem(deps: ContentDeps, kind: ContentKind, input: Record<string, unknown>) {
  const now = deps.clock.now();
  const row = await writing(deps, kind, async (db, takeDay) => {
    const inserted = await repo.insertContent(db, kind, {
      ...toColumns(input),
      created_at: now,
      updated_at: now,
    });
    await takeDay(inserted);
    return inserted;
  });
  await changed(deps, kind);
  return itemOf(kind, row);
}

/** PUT merges the fields sent over the stored item, then validates the whole result. */
export async function updateItem(
  deps: ContentDeps,
  kind: ContentKind,
  id: number,
  changes: Record<string, unknown>,
) {
  const current = await repo.findContent(deps.db, kind, id);
  if (!current) throw notFound(`${NOUNS[kind]} not found`);
  const merged = parseOrThrow(CONTENT_KINDS[kind].input, { ...toApiItem(current), ...changes }) as Record<
    string,
    unknown
  >;
  const row = await writing(deps, kind, async (db, takeDay) => {
    const updated = await repo.updateContent(db, kind, id, {
      ...toColumns(merged),
      updated_at: deps.clock.now(),
    });
    if (updated) await takeDay(updated);
    return updated;
  });
  if (!row) throw notFound(`${NOUNS[kind]} not found`);
  await changed(deps, kind);
  return itemOf(kind, row);
}

/** Moves the item to Recently deleted (issue 17), where it can be restored for TRASH_DAYS. */
export async function removeItem(deps: ContentDeps, kind: ContentKind, id: number): Promise<void> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    // A deleted event leaves its day free (it takes it again if restored and the day is still free).
    if (kind === 'events') await releaseEventDay(trx, id);
    return moveToTrash(trx, kind, [id], (row) => String(row[TITLE_COLUMNS[kind]] ?? ''), deps.clock.now());
  });
  if (moved === 0) throw notFound(`${NOUNS[kind]} not found`);
  await changed(deps, kind);
}

/**
 * Puts trashed items of a kind back exactly; the ids not in the trash, if any (nothing restored then).
 * A restored event takes its day again, or nothing is restored (409 naming who has the day now).
 */
export async function restoreItems(deps: ContentDeps, kind: ContentKind, ids: number[]): Promise<number[]> {
  const takeDays =
    kind === 'events'
      ? async (trx: Db, rows: Record<string, unknown>[]) => {
          for (const row of rows) await takeEventDay(trx, row as unknown as CalendarEvent);
        }
      : undefined;
  const missing = await explainingClashes(
    deps.db,
    () => restoreFromTrash(deps.db, kind, ids, takeDays),
    EVENT_DAY_TAKEN_WAY,
  );
  if (missing.length === 0) await changed(deps, kind);
  return missing;
}

/** What the admin calls the item (its name, title or client), for the audit log; null if gone. */
export async function titleOf({ db }: ContentDeps, kind: ContentKind, id: number): Promise<string | null> {
  const row = await repo.findContent(db, kind, id);
  const title = row?.[TITLE_COLUMNS[kind]];
  return typeof title === 'string' ? title : null;
}

export function createContentService(db: Db, clock: Clock) {
  const deps: ContentDeps = { db, clock, lists: { cache: new Map(), generation: 0, listeners: [] } };
  const bind = bindDeps(deps);
  return {
    cachedPublicList: bind(cachedPublicList),
    publicList: bind(publicList),
    adminList: <K extends ContentKind>(kind: K) => adminList(deps, kind),
    create: bind(createItem),
    update: bind(updateItem),
    remove: bind(removeItem),
    restore: bind(restoreItems),
    count: (kind: ContentKind) => repo.countContent(db, kind),
    titleOf: bind(titleOf),
    existingIds: (kind: ContentKind, ids: number[]) => repo.existingContentIds(db, kind, ids),
    /** Forgets cached public lists (after changes made outside this service, e.g. in tests). */
    clearCache: () => changed(deps),
    forgetPublicLists: bind(forgetPublicLists),
    onChange: bind(onChange),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
