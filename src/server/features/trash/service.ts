// Recently deleted (issue 17, docs/decisions/0426): what was deleted in the last TRASH_DAYS days, put
// back on request exactly as it was; purged after that, with the uploaded files nothing else names.
import { TRASH_DAYS } from '#shared/constants.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { TrashItem, TrashRestoreRequest } from '#shared/schemas/trash.ts';
import type { Db } from '../../db/database.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import type { SessionAdmin } from '../accounts/deps.ts';
import type { AuditService } from '../audit/service.ts';
import { contentMediaUrls } from '../content/repository.ts';
import {
  deleteFromTrash,
  listTrash,
  restoreFromTrash,
  trashedBefore,
  type TrashedRow,
} from './repository.ts';
import { removeUploads, uploadedFiles, type PurgeLog } from './purge-files.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isContentKind = (kind: string): kind is ContentKind => (CONTENT_KIND_NAMES as string[]).includes(kind);

export interface TrashDeps {
  db: Db;
  clock: Clock;
  uploadDir: string;
  /** Content is restored through its service, which clears the public caches (and tells other instances). */
  content: { restore(kind: ContentKind, ids: number[]): Promise<number[]> };
  /** A restore writes its own audit entry, naming what came back (the generic one could not). */
  audit: Pick<AuditService, 'record'>;
  /** The purge logs what it skips: a crafted path, a missing file, one it may not delete. */
  log: PurgeLog;
}

/** Who asked for a restore, for its audit entry. */
export interface RestoredBy {
  admin: SessionAdmin;
  ip: string;
}

export const RESTORE_ROUTE = '/api/admin/trash/restore';

const toItem = (row: TrashedRow): TrashItem => ({
  kind: row.kind as TrashItem['kind'],
  id: row.item_id,
  title: row.title,
  deleted_at: toIso(row.deleted_at),
  purge_at: toIso(row.deleted_at + TRASH_DAYS * DAY_MS),
});

export async function listRecentlyDeleted(deps: TrashDeps): Promise<TrashItem[]> {
  return (await listTrash(deps.db)).map(toItem);
}

/**
 * What the audit log says came back: each item's kind and id, and a content item's title. An
 * enquiry's title is its sender's name, which the log keeps for no enquiry (deleting one records
 * its id only), so that an erasure leaves nothing of the person there.
 */
function restoredDetail(rows: TrashedRow[]): Record<string, unknown> {
  // A list too long for the entry's size cap is shortened by the audit log, which keeps its length.
  const items = rows.map((row) =>
    isContentKind(row.kind)
      ? { kind: row.kind, id: row.item_id, title: row.title }
      : { kind: row.kind, id: row.item_id },
  );
  return { items };
}

/** Restores every item asked for; if any is not in the trash, nothing is restored and it is named (404). */
export async function restoreDeleted(
  deps: TrashDeps,
  request: TrashRestoreRequest,
  by: RestoredBy,
): Promise<number> {
  const held = new Map((await listTrash(deps.db)).map((row) => [`${row.kind}:${row.item_id}`, row]));
  const missing = request.items.filter(({ kind, id }) => !held.has(`${kind}:${id}`));
  if (missing.length > 0)
    throw notFound(
      `Not in Recently deleted: ${missing.map(({ kind, id }) => `${kind} ${id}`).join(', ')}; nothing was restored`,
    );
  const byKind = new Map<string, number[]>();
  for (const { kind, id } of request.items) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  const restored: TrashedRow[] = [];
  for (const [kind, ids] of byKind) {
    const unique = [...new Set(ids)];
    const missing = isContentKind(kind)
      ? await deps.content.restore(kind, unique)
      : await restoreFromTrash(deps.db, kind, unique);
    if (missing.length > 0) throw notFound(`Not in Recently deleted: ${kind} ${missing.join(', ')}`);
    restored.push(...unique.map((id) => held.get(`${kind}:${id}`)!));
  }
  await deps.audit.record({
    adminId: by.admin.id,
    actor: by.admin.email,
    // Named as the generic entry names a write, so the log reads it as before.
    action: `POST ${RESTORE_ROUTE}`,
    method: 'POST',
    route: RESTORE_ROUTE,
    targetId: restored.length === 1 ? restored[0]!.item_id : null,
    ip: by.ip,
    detail: restoredDetail(restored),
  });
  return restored.length;
}

/**
 * Deletes for good what was deleted more than TRASH_DAYS ago, and the uploaded files of purged
 * content that no live item and nothing else in the trash names. Returns how many items went.
 */
export async function purgeRecentlyDeleted(deps: TrashDeps): Promise<number> {
  const expired = await trashedBefore(deps.db, deps.clock.now() - TRASH_DAYS * DAY_MS);
  if (expired.length === 0) return 0;
  for (const kind of new Set(expired.map((row) => row.kind)))
    await deleteFromTrash(
      deps.db,
      kind,
      expired.filter((row) => row.kind === kind).map((row) => row.item_id),
    );
  const stillNamed = new Set([
    ...(await contentMediaUrls(deps.db)).flatMap((url) => uploadedFiles({ url })),
    ...(await listTrash(deps.db)).flatMap((row) => uploadedFiles(row.row)),
  ]);
  const orphans = new Set(
    expired
      .filter((row) => isContentKind(row.kind))
      .flatMap((row) =>
        uploadedFiles(row.row, (url) =>
          deps.log.warn(
            { kind: row.kind, id: row.item_id, url },
            'purge: names no file the upload store makes; no file deleted for it',
          ),
        ),
      ),
  );
  await removeUploads(
    deps.uploadDir,
    [...orphans].filter((name) => !stillNamed.has(name)),
    deps.log,
  );
  return expired.length;
}

export function createTrashService(deps: TrashDeps) {
  return {
    list: () => listRecentlyDeleted(deps),
    restore: (request: TrashRestoreRequest, by: RestoredBy) => restoreDeleted(deps, request, by),
    purgeExpired: () => purgeRecentlyDeleted(deps),
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
