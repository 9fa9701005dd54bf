import type { InsertObject } from 'kysely';
import type { ContentKind } from '#shared/schemas/content.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The columns every content table shares, plus its own fields (each kind's table is named after it). */
export interface ContentRow {
  id: number;
  order: number;
  is_active: number;
  created_at: number;
  updated_at: number;
  show_from: number | null;
  hide_after: number | null;
  [column: string]: unknown;
}

// The six tables share the columns of ContentRow, so one set of queries serves them all: Kysely
// types a query on any one of them (`kind`) by what the six have in common.
export const listContent = (db: Db, kind: ContentKind, activeOnly: boolean): Promise<ContentRow[]> => {
  let query = db.selectFrom(kind).selectAll();
  if (activeOnly) query = query.where('is_active', '=', 1);
  return query.orderBy('order').orderBy('id').execute();
};

/**
 * The active items of a kind — those the public may see, before their schedule and privacy are
 * applied (content/service.ts, with `isPublicAt` of shared/schedule.ts) — and the next instant that
 * changes what the public sees (an item's show_from or hide_after still ahead), or null.
 */
export async function activeContent(
  db: Db,
  kind: ContentKind,
  now: number,
): Promise<{ rows: ContentRow[]; nextChangeAt: number | null }> {
  const active = await listContent(db, kind, true);
  const ahead = active
    .flatMap((row) => [row.show_from, row.hide_after])
    .map((at) => (at === null ? NaN : Number(at)))
    .filter((at) => at > now);
  return { rows: active, nextChangeAt: ahead.length ? Math.min(...ahead) : null };
}

export const findContent = (db: Db, kind: ContentKind, id: number): Promise<ContentRow | undefined> =>
  db.selectFrom(kind).selectAll().where('id', '=', id).executeTakeFirst();

/** Which of `ids` still exist (the audit log links only to those). */
export const existingContentIds = async (db: Db, kind: ContentKind, ids: number[]) =>
  ids.length === 0
    ? []
    : (await db.selectFrom(kind).select('id').where('id', 'in', ids).execute()).map((row) => row.id);

/** `values` are the kind's own fields, checked by its schema in the service. */
export const insertContent = (
  db: Db,
  kind: ContentKind,
  values: Record<string, unknown>,
): Promise<ContentRow> =>
  db
    .insertInto(kind)
    .values(values as InsertObject<Database, ContentKind>)
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateContent = (
  db: Db,
  kind: ContentKind,
  id: number,
  values: Record<string, unknown>,
): Promise<ContentRow | undefined> =>
  db.updateTable(kind).set(values).where('id', '=', id).returningAll().executeTakeFirst();

export const countContent = async (db: Db, kind: ContentKind) =>
  Number(
    (
      await db
        .selectFrom(kind)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The columns that may name an uploaded file, per content kind. */
const MEDIA_COLUMNS: { [Kind in ContentKind]: (keyof Database[Kind] & string)[] } = {
  events: ['image_url'],
  logos: ['logo_url'],
  badges: ['badge_url'],
  gallery: ['image_url'],
  videos: ['video_url', 'thumbnail_url'],
  testimonials: [],
};

/** Every media address the content names (uploads, demo files or external links), duplicates removed. */
export async function contentMediaUrls(db: Db): Promise<string[]> {
  const urls = new Set<string>();
  for (const [kind, columns] of Object.entries(MEDIA_COLUMNS) as [ContentKind, string[]][]) {
    if (columns.length === 0) continue;
    const rows: Record<string, unknown>[] = await db
      .selectFrom(kind)
      .select(columns.map((column) => db.dynamic.ref(column)))
      .execute();
    for (const row of rows) for (const column of columns) if (row[column]) urls.add(String(row[column]));
  }
  return [...urls];
}
