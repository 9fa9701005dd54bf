// Recently deleted (issue 17, docs/decisions/0426): what was deleted in the last TRASH_DAYS days, put
// back on request exactly as it was; purged after that, with the uploaded files nothing else names.
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, TRASH_DAYS } from '#shared/constants.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { TrashItem, TrashRestoreRequest } from '#shared/schemas/trash.ts';
import type { Db } from '../../db/database.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import { contentMediaUrls } from '../content/repository.ts';
import { UPLOADS_URL_PREFIX } from '../uploads/service.ts';
import {
  deleteFromTrash,
  listTrash,
  restoreFromTrash,
  trashedBefore,
  type TrashedRow,
} from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isContentKind = (kind: string): kind is ContentKind => (CONTENT_KIND_NAMES as string[]).includes(kind);

export interface TrashDeps {
  db: Db;
  clock: Clock;
  uploadDir: string;
  /** Content is restored through its service, which clears the public caches (and tells other instances). */
  content: { restore(kind: ContentKind, ids: number[]): Promise<number[]> };
}

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

/** Restores every item asked for; if any is not in the trash, nothing is restored and it is named (404). */
export async function restoreDeleted(deps: TrashDeps, request: TrashRestoreRequest): Promise<number> {
  const held = new Set((await listTrash(deps.db)).map((row) => `${row.kind}:${row.item_id}`));
  const missing = request.items.filter(({ kind, id }) => !held.has(`${kind}:${id}`));
  if (missing.length > 0)
    throw notFound(
      `Not in Recently deleted: ${missing.map(({ kind, id }) => `${kind} ${id}`).join(', ')}; nothing was restored`,
    );
  const byKind = new Map<string, number[]>();
  for (const { kind, id } of request.items) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  let restored = 0;
  for (const [kind, ids] of byKind) {
    const unique = [...new Set(ids)];
    const missing = isContentKind(kind)
      ? await deps.content.restore(kind, unique)
      : await restoreFromTrash(deps.db, kind, unique);
    if (missing.length > 0) throw notFound(`Not in Recently deleted: ${kind} ${missing.join(', ')}`);
    restored += unique.length;
  }
  return restored;
}

/** Uploaded file names a row names in any column (`/uploads/<name>`). */
function uploadedFiles(row: Record<string, unknown>): string[] {
  return Object.values(row)
    .filter((value): value is string => typeof value === 'string' && value.startsWith(UPLOADS_URL_PREFIX))
    .map((url) => url.slice(UPLOADS_URL_PREFIX.length))
    .filter((name) => name !== '' && !name.includes('/'));
}

async function removeUpload(uploadDir: string, name: string): Promise<void> {
  await fs.rm(path.join(uploadDir, name), { force: true });
  const webp = name.replace(/\.\w+$/, '.webp');
  for (const width of IMAGE_WIDTHS)
    await fs.rm(path.join(uploadDir, '.variants', String(width), webp), { force: true });
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
    expired.filter((row) => isContentKind(row.kind)).flatMap((row) => uploadedFiles(row.row)),
  );
  for (const name of orphans) if (!stillNamed.has(name)) await removeUpload(deps.uploadDir, name);
  return expired.length;
}

export function createTrashService(deps: TrashDeps) {
  return {
    list: () => listRecentlyDeleted(deps),
    restore: (request: TrashRestoreRequest) => restoreDeleted(deps, request),
    purgeExpired: () => purgeRecentlyDeleted(deps),
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
