// The trash table: whole rows of deleted content items and enquiries, kept for TRASH_DAYS so a
// deletion can be undone exactly (same id, same fields, same times).
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.ts';

export type TrashKind = string;

export interface TrashedRow {
  kind: TrashKind;
  item_id: number;
  title: string;
  row: Record<string, unknown>;
  deleted_at: number;
}

/** An untyped view (the same connection or transaction): rows go back into whichever table they came from. */
const anyTable = (db: Db) => db.withTables<Record<string, Record<string, unknown>>>();

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
  // Deleted first: when the same deletion arrives twice at once, PostgreSQL makes the second wait for
  // the first and then find nothing (moved 0), instead of both copying the row into the trash.
  const rows = await anyTable(trx).deleteFrom(table).where('id', 'in', ids).returningAll().execute();
  if (rows.length === 0) return 0;
  const movedIds = rows.map((row) => Number(row.id));
  // A row deleted, restored and deleted again replaces its older copy.
  await trx.deleteFrom('trash').where('kind', '=', table).where('item_id', 'in', movedIds).execute();
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
  return rows.length;
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
 * First step of a transaction that takes rows of `kind` out of the trash: waits until no other such
 * transaction (restore, personal-data erasure; on any instance) holds it, until this one ends.
 * Without it an erasure could read a trashed enquiry a restore was taking back and answer "erased"
 * while the restore put it live again (issue 26, docs/decisions/0438). PostgreSQL takes an advisory
 * lock held until commit. SQLite has one writer at a time, and every such transaction writes in its
 * first statement, so it already waits its turn there.
 */
export async function holdTrashOf(trx: Db, kind: TrashKind): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtextextended(${`trash:${kind}`}, 0))`.execute(trx);
}

/** Raised inside restoreFromTrash's transaction to undo it when an id is not (or no longer) there. */
class NotInTrash extends Error {
  constructor(readonly missing: number[]) {
    super('not in the trash');
  }
}

/**
 * Puts the trashed rows of `kind` with these ids back into their table, all in one transaction, and
 * returns the ids that were not in the trash (nothing restored then). The trash rows are deleted
 * first: when the same restore arrives twice at once, PostgreSQL makes the second delete wait for the
 * first and then find nothing, so the row goes back once and the second caller hears it is not there.
 */
export async function restoreFromTrash(
  db: Db,
  kind: TrashKind,
  ids: number[],
  /** Runs in the restore's transaction with the rows put back; throwing undoes the restore. */
  onRestored?: (trx: Db, rows: Record<string, unknown>[]) => Promise<void>,
): Promise<number[]> {
  try {
    await db.transaction().execute(async (trx) => {
      await holdTrashOf(trx, kind);
      const taken = await trx
        .deleteFrom('trash')
        .where('kind', '=', kind)
        .where('item_id', 'in', ids)
        .returningAll()
        .execute();
      const takenIds = new Set(taken.map((row) => row.item_id));
      const missing = ids.filter((id) => !takenIds.has(id));
      if (missing.length > 0 || taken.length === 0) throw new NotInTrash(missing);
      const rows = taken.map((row) => JSON.parse(row.row_json) as Record<string, unknown>);
      await anyTable(trx).insertInto(kind).values(rows).execute();
      await onRestored?.(trx, rows);
    });
    return [];
  } catch (error) {
    if (error instanceof NotInTrash) return error.missing;
    throw error;
  }
}

/** Removes trashed rows for good (purge, erasure); returns the ids that were there to remove. */
export async function deleteFromTrash(db: Db, kind: TrashKind, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const removed = await db
    .deleteFrom('trash')
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .returning('item_id')
    .execute();
  return removed.map((row) => row.item_id);
}

/** Everything deleted before `before`, for the purge. */
export async function trashedBefore(db: Db, before: number): Promise<TrashedRow[]> {
  return (await db.selectFrom('trash').selectAll().where('deleted_at', '<', before).execute()).map(parse);
}
