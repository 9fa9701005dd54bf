// The uploaded files a purge of Recently deleted removes (issue 26, docs/decisions/0436). A purged row
// may have been stored by an older API that took any /uploads/ path, so its URLs are read with the
// upload store's own name rule, every deletion stays inside the upload folder, and each file fails
// alone: logged and skipped, never stopping the purge of the others.
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '#shared/constants.ts';
import { isUploadName, UPLOADS_URL_PREFIX, uploadedFileName } from '#shared/schemas/media-url.ts';

export interface PurgeLog {
  warn(details: object, message: string): void;
}

/**
 * The uploaded files a row names in any column (`/uploads/<name>`). An /uploads/ URL that is no name
 * the store makes (`/uploads/..`, a folder path) names no file; `refused` hears of it.
 */
export function uploadedFiles(row: Record<string, unknown>, refused?: (url: string) => void): string[] {
  const names: string[] = [];
  for (const value of Object.values(row)) {
    if (typeof value !== 'string' || !value.startsWith(UPLOADS_URL_PREFIX)) continue;
    const name = uploadedFileName(value);
    if (name) names.push(name);
    else refused?.(value);
  }
  return names;
}

/** `relative` resolved inside `dir`; undefined when it would be `dir` itself or leave it. */
function insideDir(dir: string, relative: string): string | undefined {
  const root = path.resolve(dir);
  const target = path.resolve(root, relative);
  const fromRoot = path.relative(root, target);
  const leaves = fromRoot === '' || fromRoot.split(path.sep)[0] === '..' || path.isAbsolute(fromRoot);
  return leaves ? undefined : target;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Deletes one plain file inside `dir` (never a folder, never through a link); false when there is none. */
async function removeFile(dir: string, relative: string): Promise<boolean> {
  const target = insideDir(dir, relative);
  if (!target) throw new Error('the path leaves the upload folder');
  try {
    if (!(await fs.lstat(target)).isFile()) throw new Error('not a plain file');
    await fs.unlink(target);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Deletes each uploaded file and its smaller copies; one that cannot be deleted is logged and skipped. */
export async function removeUploads(
  uploadDir: string,
  names: Iterable<string>,
  log: PurgeLog,
): Promise<void> {
  for (const name of names) {
    if (!isUploadName(name)) {
      log.warn({ file: name }, 'purge: not a file the upload store makes; skipped');
      continue;
    }
    try {
      if (!(await removeFile(uploadDir, name)))
        log.warn({ file: name }, 'purge: the uploaded file was already gone');
    } catch (err) {
      log.warn({ err, file: name }, 'purge: the uploaded file could not be deleted; skipped');
    }
    const webp = name.replace(/\.\w+$/, '.webp');
    for (const width of IMAGE_WIDTHS) {
      const copy = path.join('.variants', String(width), webp);
      // Most sizes were never asked for, so a missing copy is no news.
      await removeFile(uploadDir, copy).catch((err: unknown) =>
        log.warn({ err, file: copy }, 'purge: a resized copy could not be deleted; skipped'),
      );
    }
  }
}
