// A consistent copy of everything a small install keeps: the SQLite database (taken with SQLite's
// online backup, so the site can keep running) or a pg_dump of the PostgreSQL one, and the upload
// folder. The two-factor key is deliberately left out: it must be kept apart from the database
// (docs/decisions/0403). `npm run restore` puts a backup back (restore.ts).
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import type { Config } from '../config.ts';
import { postgresConnection, runPostgresTool } from './postgres-client.ts';

export interface BackupResult {
  folder: string;
  database: string;
  uploads: string;
}

/** What a backup folder holds: one of the two database files, and the uploads. */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

export const BACKUP_FILES = { sqlite: 'app.db', postgres: 'database.sql', uploads: 'uploads' } as const;

export const backupStamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

export async function backup(config: Config, targetRoot: string, now = new Date()): Promise<BackupResult> {
  const folder = path.resolve(targetRoot, `backup-${backupStamp(now)}`);
  // A backup holds enquiries and admin credentials: only the service's user may open it (issue 15).
  await fs.mkdir(path.dirname(folder), { recursive: true, mode: PRIVATE_FOLDER });
  // Never into an existing folder: that could be the very backup being restored.
  await fs.mkdir(folder, { mode: PRIVATE_FOLDER });

  let database: string;
  if (config.database.dialect === 'sqlite') {
    if (config.database.file === ':memory:') throw new Error('An in-memory database cannot be backed up');
    database = path.join(folder, BACKUP_FILES.sqlite);
    const source = new SqliteDatabase(config.database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(database);
    } finally {
      source.close();
    }
  } else {
    database = path.join(folder, BACKUP_FILES.postgres);
    runPostgresTool('pg_dump', ['--no-owner', '--file', database], postgresConnection(config.database.url));
  }
  await fs.chmod(database, PRIVATE_FILE);

  const uploads = path.join(folder, BACKUP_FILES.uploads);
  await fs.mkdir(uploads);
  // A site that has never stored an upload has no folder yet, and its backup an empty one.
  if (existsSync(config.uploadDir)) {
    // Resized copies are made again on demand; only the originals are worth keeping.
    await fs.cp(config.uploadDir, uploads, {
      recursive: true,
      filter: (source) =>
        !source.includes(`${path.sep}.variants`) && !path.basename(source).startsWith('.incoming-'),
    });
  }
  return { folder, database, uploads };
}
