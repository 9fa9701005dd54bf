// At start-up, each instance looks at the uploads folder it was given: can it write there, and does
// the folder hold the files the content names? Several instances must share one folder (docs/deploy);
// an instance pointed at its own empty folder would otherwise serve broken images without a word.
// Both findings are warnings for the log, never a reason not to start: the public page still works.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { contentMediaUrls } from '../content/repository.ts';
import { UPLOADS_URL_PREFIX } from './service.ts';

export interface UploadsFolderReport {
  /** Why a file cannot be written there, or undefined when it can. */
  notWritable?: string;
  /** Uploaded files the content names that are not in the folder (at most a few, as examples). */
  missing: { count: number; examples: string[] };
}

const EXAMPLES = 5;

async function writeProblem(uploadDir: string): Promise<string | undefined> {
  const probe = path.join(uploadDir, `.write-check-${randomBytes(6).toString('hex')}`);
  try {
    await fs.mkdir(uploadDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(probe, '', { flag: 'wx' });
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  } finally {
    await fs.rm(probe, { force: true }).catch(() => undefined);
  }
}

/** Uploaded files are named by the app (`/uploads/<name>`); anything else is a link elsewhere. */
function uploadedFileName(url: string): string | undefined {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return name && !name.includes('/') ? name : undefined;
}

export async function checkUploadsFolder(db: Db, uploadDir: string): Promise<UploadsFolderReport> {
  const notWritable = await writeProblem(uploadDir);
  const names = (await contentMediaUrls(db)).map(uploadedFileName).filter((name) => name !== undefined);
  const present = new Set(await fs.readdir(uploadDir).catch(() => [] as string[]));
  const missing = names.filter((name) => !present.has(name));
  return { notWritable, missing: { count: missing.length, examples: missing.slice(0, EXAMPLES) } };
}
