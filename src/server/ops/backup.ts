// A consistent copy of everything a small install keeps: the SQLite database (taken with SQLite's
// online backup, so the site can keep running) and the upload folder. PostgreSQL is backed up with
// pg_dump, which this writes beside the uploads when it is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config.ts';

export interface BackupResult {
  folder: string;
  database: string;
  uploads: string;
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

export async function backup(config: Config, targetRoot: string, now = new Date()): Promise<BackupResult> {
  const folder = path.resolve(targetRoot, `backup-${stamp(now)}`);
  await fs.mkdir(folder, { recursive: true });

  let database: string;
  if (config.database.dialect === 'sqlite') {
    if (config.database.file === ':memory:') throw new Error('An in-memory database cannot be backed up');
    database = path.join(folder, 'app.db');
    const source = new SqliteDatabase(config.database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(database);
    } finally {
      source.close();
    }
  } else {
    database = path.join(folder, 'database.sql');
    const dump = spawnSync('pg_dump', ['--no-owner', '--file', database, config.database.url], {
      encoding: 'utf8',
    });
    if (dump.error || dump.status !== 0) {
      throw new Error(
        `pg_dump failed: ${dump.error?.message ?? dump.stderr.trim()} (is the PostgreSQL client installed?)`,
      );
    }
  }

  const uploads = path.join(folder, 'uploads');
  // Resized copies are made again on demand; only the originals are worth keeping.
  await fs.cp(config.uploadDir, uploads, {
    recursive: true,
    filter: (source) =>
      !source.includes(`${path.sep}.variants`) && !path.basename(source).startsWith('.incoming-'),
  });
  return { folder, database, uploads };
}
