// `npm run restore -- <backup-folder>`: puts a backup made by backup.ts back — the database and the
// uploads — with every instance stopped. Nothing is half-restored: the backup is checked and copied
// beside its destination first, the state it replaces is saved as an ordinary backup, then the
// uploads folder is swapped by rename and the database replaced in one step (a rename for SQLite,
// one transaction for PostgreSQL); if that fails the uploads are swapped back. docs/decisions/0403.
import { constants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { BACKUP_FILES, backup, backupStamp } from './backup.ts';
import { postgresConnection, runPostgresTool } from './postgres-client.ts';

/** The folder is not something this command can restore; nothing has been changed. */
export class NotABackupError extends Error {}

export interface RestoreResult {
  database: string;
  uploads: string;
  /** The backup of what was there before, to undo the restore with; null on an empty install. */
  previousState: string | null;
}

interface BackupContents {
  database: string;
  uploads: string;
}

const SQLITE_HEADER = 'SQLite format 3\0';
const DUMP_HEAD = 'PostgreSQL database dump';
const DUMP_END = 'PostgreSQL database dump complete';
/** A running instance holds locks; waiting for them would hang the restore, so give up clearly. */
const LOCK_TIMEOUT = '10s';

// Everything the backup will recreate is dropped first, inside the same transaction as the dump.
const DROP_EVERYTHING = `SET LOCAL lock_timeout = '${LOCK_TIMEOUT}';
DO $restore$
DECLARE item record;
BEGIN
  FOR item IN
    SELECT 1 AS step, format('DROP VIEW IF EXISTS public.%I CASCADE', viewname) AS statement
      FROM pg_views WHERE schemaname = 'public'
    UNION ALL
    SELECT 2, format('DROP TABLE IF EXISTS public.%I CASCADE', tablename)
      FROM pg_tables WHERE schemaname = 'public'
    UNION ALL
    SELECT 3, format('DROP SEQUENCE IF EXISTS public.%I CASCADE', sequencename)
      FROM pg_sequences WHERE schemaname = 'public'
    ORDER BY step
  LOOP
    EXECUTE item.statement;
  END LOOP;
END
$restore$;`;

async function readEnds(file: string, bytes: number): Promise<{ head: string; tail: string }> {
  const handle = await fs.open(file);
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(bytes, size));
    const tail = Buffer.alloc(Math.min(bytes, size));
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { head: head.toString('latin1'), tail: tail.toString('latin1') };
  } finally {
    await handle.close();
  }
}

/** Refuses (NotABackupError) anything but a complete backup for this install's kind of database. */
async function inspectBackup(
  folder: string,
  dialect: Config['database']['dialect'],
): Promise<BackupContents> {
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new NotABackupError(`${folder} is not a folder.`);
  const sqliteFile = path.join(folder, BACKUP_FILES.sqlite);
  const dumpFile = path.join(folder, BACKUP_FILES.postgres);
  const uploads = path.join(folder, BACKUP_FILES.uploads);
  const has = { sqlite: existsSync(sqliteFile), postgres: existsSync(dumpFile) };
  if (!has.sqlite && !has.postgres) {
    throw new NotABackupError(
      `${folder} is not a backup made by npm run backup: it holds neither ${BACKUP_FILES.sqlite} (SQLite) ` +
        `nor ${BACKUP_FILES.postgres} (PostgreSQL).`,
    );
  }
  if (!has[dialect]) {
    throw new NotABackupError(
      dialect === 'sqlite'
        ? `${folder} holds a PostgreSQL backup, but DATABASE_URL names a SQLite database. Set DATABASE_URL to the PostgreSQL database to restore it.`
        : `${folder} holds a SQLite backup, but DATABASE_URL names a PostgreSQL database. Restore it into a SQLite install (DATABASE_URL=sqlite:…).`,
    );
  }
  if (!(await fs.stat(uploads).catch(() => undefined))?.isDirectory()) {
    throw new NotABackupError(
      `${folder} has no ${BACKUP_FILES.uploads} folder, so it is not a whole backup.`,
    );
  }
  const database = dialect === 'sqlite' ? sqliteFile : dumpFile;
  const { head, tail } = await readEnds(database, 1024);
  if (dialect === 'sqlite' && !head.startsWith(SQLITE_HEADER)) {
    throw new NotABackupError(`${database} is not a SQLite database.`);
  }
  if (dialect === 'postgres' && !(head.includes(DUMP_HEAD) && tail.includes(DUMP_END))) {
    throw new NotABackupError(`${database} is not a complete pg_dump (was the backup cut short?).`);
  }
  return { database, uploads };
}

/** The copied SQLite file must be sound and this site's database before it replaces the live one. */
function checkSqliteCopy(file: string, original: string): void {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  let problem: string | undefined;
  try {
    const result: unknown = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') problem = `is damaged (integrity check: ${String(result)})`;
    else if (
      !copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get()
    )
      problem = "is not this site's database";
  } catch (error) {
    // A file cut short fails the check itself ("database disk image is malformed").
    problem = `is damaged (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    copy.close();
  }
  if (problem) throw new NotABackupError(`${original} ${problem}.`);
}

/** Whether there is anything to lose: a database file, or any table in the PostgreSQL database. */
async function hasCurrentState(config: Config): Promise<boolean> {
  if (config.database.dialect === 'sqlite') return existsSync(config.database.file);
  const db = openDatabase(config.database);
  try {
    return (await db.introspection.getTables()).length > 0;
  } finally {
    await db.destroy();
  }
}

export async function restore(
  config: Config,
  backupFolder: string,
  options: { previousStateRoot: string; now?: Date },
): Promise<RestoreResult> {
  const { database: dialect } = config;
  if (dialect.dialect === 'sqlite' && dialect.file === ':memory:') {
    throw new NotABackupError('An in-memory database cannot be restored into.');
  }
  const source = await inspectBackup(path.resolve(backupFolder), dialect.dialect);
  const now = options.now ?? new Date();
  const stamp = backupStamp(now);
  const uploadsParent = path.dirname(config.uploadDir);
  const uploadsName = path.basename(config.uploadDir);
  const stagedUploads = path.join(uploadsParent, `.${uploadsName}.restoring-${stamp}`);
  const replacedUploads = path.join(uploadsParent, `.${uploadsName}.replaced-${stamp}`);
  const stagedDatabase = dialect.dialect === 'sqlite' ? `${dialect.file}.restoring-${stamp}` : undefined;

  try {
    // 1. Copies beside their destinations (same file system, so the swap below is a rename).
    await fs.mkdir(uploadsParent, { recursive: true });
    await fs.cp(source.uploads, stagedUploads, { recursive: true, errorOnExist: true, force: false });
    if (stagedDatabase) {
      await fs.mkdir(path.dirname(stagedDatabase), { recursive: true });
      await fs.copyFile(source.database, stagedDatabase, constants.COPYFILE_EXCL);
      checkSqliteCopy(stagedDatabase, source.database);
    }

    // 2. What is there now, as an ordinary backup: restoring that one undoes this restore.
    const previousState = (await hasCurrentState(config))
      ? (await backup(config, options.previousStateRoot, now)).folder
      : null;

    // 3. The swap: uploads by rename (undone if the database step fails), then the database.
    const hadUploads = existsSync(config.uploadDir);
    if (hadUploads) await fs.rename(config.uploadDir, replacedUploads);
    await fs.rename(stagedUploads, config.uploadDir);
    try {
      if (dialect.dialect === 'sqlite' && stagedDatabase) {
        // A journal left beside the old file would be replayed into the restored one.
        for (const suffix of ['-wal', '-shm']) await fs.rm(`${dialect.file}${suffix}`, { force: true });
        await fs.rename(stagedDatabase, dialect.file);
      } else if (dialect.dialect === 'postgres') {
        runPostgresTool(
          'psql',
          [
            '--no-psqlrc',
            '--quiet',
            '--set',
            'ON_ERROR_STOP=1',
            '--single-transaction',
            '--command',
            DROP_EVERYTHING,
            '--file',
            source.database,
          ],
          postgresConnection(dialect.url),
        );
      }
    } catch (error) {
      await fs.rm(config.uploadDir, { recursive: true, force: true });
      if (hadUploads) await fs.rename(replacedUploads, config.uploadDir);
      throw new Error(
        `Nothing was restored: ${error instanceof Error ? error.message : String(error)}` +
          (dialect.dialect === 'postgres' ? ' (are all server instances stopped?)' : ''),
      );
    }
    await fs.rm(replacedUploads, { recursive: true, force: true });
    return {
      database: dialect.dialect === 'sqlite' ? dialect.file : postgresConnection(dialect.url).url,
      uploads: config.uploadDir,
      previousState,
    };
  } finally {
    await fs.rm(stagedUploads, { recursive: true, force: true });
    if (stagedDatabase) {
      for (const suffix of ['', '-wal', '-shm']) await fs.rm(`${stagedDatabase}${suffix}`, { force: true });
    }
  }
}
