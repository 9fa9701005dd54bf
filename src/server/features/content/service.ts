// Content of the public site (SPEC §3): six kinds sharing one set of rules. Public lists hold active
// items within their schedule only (issue 17), ordered by `order` then id; admin lists hold everything.
import type { z } from 'zod';
import { CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../../db/database.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { compressBody, type CompressedBody } from '../../lib/compressed-body.ts';
import { notFound, parseOrThrow } from '../../lib/http-error.ts';
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

export function createContentService(db: Db, clock: Clock) {
  const cache = new Map<ContentKind, { list: PublicList; expiresAt: number }>();
  // Bumped whenever lists are forgotten: a read that began before cannot put back what it read.
  let generation = 0;
  const forget = (kind?: ContentKind) => {
    generation += 1;
    if (kind) cache.delete(kind);
    else cache.clear();
  };
  // Whatever is built from the public lists (the rendered pages, the other instances) is told when one
  // changes here; the write answers once they have been told.
  const changeListeners: ChangeListener[] = [];
  const changed = async (kind?: ContentKind) => {
    forget(kind);
    await Promise.all(changeListeners.map((listener) => listener(kind)));
  };

  const itemOf = (kind: ContentKind, row: ContentRow) => CONTENT_KINDS[kind].item.parse(toApiItem(row));

  return {
    /** The cached public list while it is fresh, without touching the database. */
    cachedPublicList(kind: ContentKind): PublicList | undefined {
      const hit = cache.get(kind);
      return hit && hit.expiresAt > clock.now() ? hit.list : undefined;
    },

    async publicList(kind: ContentKind): Promise<PublicList> {
      const now = clock.now();
      const hit = cache.get(kind);
      if (hit && hit.expiresAt > now) return hit.list;
      const readFrom = generation;
      // Active items within their schedule; the list is kept no later than the next scheduled change.
      const { rows, nextChangeAt } = await repo.publicContent(db, kind, now);
      const json = Buffer.from(
        JSON.stringify({ success: true, [CONTENT_KINDS[kind].listKey]: rows.map((r) => itemOf(kind, r)) }),
      );
      // Usually nothing changed since the last read: keep the compressed copies (brotli at full
      // quality costs milliseconds of the event loop, every second, per list) and only renew the time.
      const list = hit?.list.identity.equals(json) ? hit.list : compressBody(json);
      const expiresAt = Math.min(now + PUBLIC_CACHE_TTL_MS, nextChangeAt ?? Infinity);
      if (readFrom === generation) cache.set(kind, { list, expiresAt });
      return list;
    },

    async adminList<K extends ContentKind>(kind: K): Promise<ContentItem<K>[]> {
      return (await repo.listContent(db, kind, false)).map((r) => itemOf(kind, r) as ContentItem<K>);
    },

    async create(kind: ContentKind, input: Record<string, unknown>) {
      const now = clock.now();
      const row = await repo.insertContent(db, kind, {
        ...toColumns(input),
        created_at: now,
        updated_at: now,
      });
      await changed(kind);
      return itemOf(kind, row);
    },

    /** PUT merges the fields sent over the stored item, then validates the whole result. */
    async update(kind: ContentKind, id: number, changes: Record<string, unknown>) {
      const current = await repo.findContent(db, kind, id);
      if (!current) throw notFound(`${NOUNS[kind]} not found`);
      const merged = parseOrThrow(CONTENT_KINDS[kind].input, { ...toApiItem(current), ...changes }) as Record<
        string,
        unknown
      >;
      const row = await repo.updateContent(db, kind, id, { ...toColumns(merged), updated_at: clock.now() });
      if (!row) throw notFound(`${NOUNS[kind]} not found`);
      await changed(kind);
      return itemOf(kind, row);
    },

    /** Moves the item to Recently deleted (issue 17), where it can be restored for TRASH_DAYS. */
    async remove(kind: ContentKind, id: number) {
      const moved = await db
        .transaction()
        .execute((trx) =>
          moveToTrash(trx, kind, [id], (row) => String(row[TITLE_COLUMNS[kind]] ?? ''), clock.now()),
        );
      if (moved === 0) throw notFound(`${NOUNS[kind]} not found`);
      await changed(kind);
    },

    /** Puts trashed items of a kind back exactly; the ids not in the trash, if any (nothing restored then). */
    async restore(kind: ContentKind, ids: number[]): Promise<number[]> {
      const missing = await restoreFromTrash(db, kind, ids);
      if (missing.length === 0) await changed(kind);
      return missing;
    },

    count: (kind: ContentKind) => repo.countContent(db, kind),

    /** What the admin calls the item (its name, title or client), for the audit log; null if gone. */
    async titleOf(kind: ContentKind, id: number): Promise<string | null> {
      const row = await repo.findContent(db, kind, id);
      const title = row?.[TITLE_COLUMNS[kind]];
      return typeof title === 'string' ? title : null;
    },

    existingIds: (kind: ContentKind, ids: number[]) => repo.existingContentIds(db, kind, ids),

    /** Forgets cached public lists (after changes made outside this service, e.g. in tests). */
    clearCache: () => changed(),

    /**
     * Forgets one cached public list, or all, without telling anyone: for a change made through
     * another instance, which has told everyone itself.
     */
    forgetPublicLists: forget,

    /** Called after every change through this instance, with the kind changed (none: any kind). */
    onChange(listener: ChangeListener): void {
      changeListeners.push(listener);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
