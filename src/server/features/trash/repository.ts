// The trash table: whole rows of deleted content items and enquiries, kept for TRASH_DAYS so a
// deletion can be undone exactly (same id, same fields, same times).
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';

export type TrashKind = string;

export interface TrashedRow {
  kind: TrashKind;
  item_id: number;
  title: string;
  row: Record<string, unknown>;
  deleted_at: number;
}

/** An untyped view: rows go back into whichever table they came from. */
type AnyTables = Kysely<Record<string, Record<string, unknown>>>;
const anyTable = (db: Db) => db as unknown as AnyTables;

/**
 * Moves the rows of `table` with these ids into the trash, in the caller's transaction, and returns
 * how many moved. `titleOf` names each row for the Recently deleted list.
 */
export async function moveToTrash(
  trx: Db,
  table: TrashKind,
  ids: number[],
  titleOf: (row: Record<string, unknown>) => string,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await anyTable(trx).selectFrom(table).selectAll().where('id', 'in', ids).execute();
  if (rows.length === 0) return 0;
  // A row deleted, restored and deleted again replaces its older copy.
  await trx
    .deleteFrom('trash')
    .where('kind', '=', table)
    .where(
      'item_id',
      'in',
      rows.map((row) => Number(row.id)),
    )
    .execute();
  await trx
    .insertInto('trash')
    .values(
      rows.map((row) => ({
        kind: table,
        item_id: Number(row.id),
        title: titleOf(row).slice(0, 200),
        row_json: JSON.stringify(row),
        deleted_at: now,
      })),
    )
    .execute();
  const deleted = await anyTable(trx).deleteFrom(table).where('id', 'in', ids).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

const parse = (row: {
  kind: string;
  item_id: number;
  title: string;
  row_json: string;
  deleted_at: number;
}) => ({
  kind: row.kind,
  item_id: row.item_id,
  title: row.title,
  row: JSON.parse(row.row_json) as Record<string, unknown>,
  deleted_at: Number(row.deleted_at),
});

export async function listTrash(db: Db): Promise<TrashedRow[]> {
  const rows = await db
    .selectFrom('trash')
    .selectAll()
    .orderBy('deleted_at', 'desc')
    .orderBy('item_id')
    .execute();
  return rows.map(parse);
}

export async function trashedOfKind(db: Db, kind: TrashKind): Promise<TrashedRow[]> {
  return (await db.selectFrom('trash').selectAll().where('kind', '=', kind).execute()).map(parse);
}

/**
 * Puts these trashed rows of `kind` back into their table as they were, in the caller's transaction;
 * returns the ids that were not in the trash (nothing is restored then).
 */
export async function restoreFromTrash(trx: Db, kind: TrashKind, ids: number[]): Promise<number[]> {
  const found = await trx
    .selectFrom('trash')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .execute();
  const foundIds = new Set(found.map((row) => row.item_id));
  const missing = ids.filter((id) => !foundIds.has(id));
  if (missing.length > 0 || found.length === 0) return missing;
  await anyTable(trx)
    .insertInto(kind)
    .values(found.map((row) => JSON.parse(row.row_json) as Record<string, unknown>))
    .execute();
  await trx.deleteFrom('trash').where('kind', '=', kind).where('item_id', 'in', ids).execute();
  return [];
}

/** Removes trashed rows for good (purge, erasure). */
export async function deleteFromTrash(db: Db, kind: TrashKind, ids: number[]): Promise<void> {
  if (ids.length > 0)
    await db.deleteFrom('trash').where('kind', '=', kind).where('item_id', 'in', ids).execute();
}

/** Everything deleted before `before`, for the purge. */
export async function trashedBefore(db: Db, before: number): Promise<TrashedRow[]> {
  return (await db.selectFrom('trash').selectAll().where('deleted_at', '<', before).execute()).map(parse);
}
