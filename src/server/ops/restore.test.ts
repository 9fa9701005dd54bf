import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createPostgresDatabase, dialects, TEST_POSTGRES_KEY, type Dialect } from '../testing/harness.ts';
import { backup } from './backup.ts';
import { NotABackupError, restore } from './restore.ts';

const BACKED_UP_AT = new Date('2026-11-22T10:00:00Z');
const RESTORED_AT = new Date('2026-11-22T11:00:00Z');

const event = (name: string) => ({
  name,
  location: 'Bristol',
  date: '2026-12-05',
  link: '',
  image_url: '/uploads/poster.jpg',
  order: 0,
  is_active: 1,
  created_at: BACKED_UP_AT.getTime(),
  updated_at: BACKED_UP_AT.getTime(),
});

/** Runs `change` against the install's database as the (stopped) server would find it. */
async function withDatabase<T>(config: Config, change: (db: ReturnType<typeof openDatabase>) => Promise<T>) {
  const db = openDatabase(config.database);
  try {
    return await change(db);
  } finally {
    await db.destroy();
  }
}

const eventNames = (config: Config) =>
  withDatabase(config, async (db) =>
    (await db.selectFrom('events').select('name').orderBy('id').execute()).map((row) => row.name),
  );

const listUploads = (config: Config) =>
  Object.fromEntries(
    fs
      .readdirSync(config.uploadDir)
      .map((name) => [name, fs.readFileSync(path.join(config.uploadDir, name), 'utf8')]),
  );

describe.each(dialects())('restore [%s]', (dialect: Dialect) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-restore-'));
  const drops: (() => Promise<void>)[] = [];
  // A database per install: dropping them all takes PostgreSQL a checkpoint each, which on a busy
  // machine outlasts the default hook time.
  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  /** A stopped install with one event and one uploaded file. */
  async function install(name: string): Promise<Config> {
    let databaseUrl = `sqlite:${path.join(tmp, name, 'data', 'app.db')}`;
    if (dialect === 'postgres') {
      const created = await createPostgresDatabase();
      drops.push(created.drop);
      // A password in the URL, as production has one (the local server trusts and ignores it): the
      // PostgreSQL tools must work with it moved to PGPASSWORD.
      const url = new URL(created.url);
      url.password = 'not-on-the-command-line';
      databaseUrl = url.toString();
    }
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: path.join(tmp, name, 'data', 'uploads'),
      ...(dialect === 'postgres' ? { TOTP_ENCRYPTION_KEY: TEST_POSTGRES_KEY } : {}),
    });
    await withDatabase(config, async (db) => {
      await migrateToLatest(db);
      await db.insertInto('events').values(event('Original night shoot')).execute();
    });
    fs.mkdirSync(config.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(config.uploadDir, 'poster.jpg'), 'original poster');
    return config;
  }

  it('puts back the content and uploads of the backup, and keeps what it replaced as a backup', async () => {
    const config = await install('round-trip');
    const made = await backup(config, path.join(tmp, 'round-trip', 'backups'), BACKED_UP_AT);

    await withDatabase(config, async (db) => {
      await db.updateTable('events').set({ name: 'Renamed after the backup' }).execute();
      await db.insertInto('events').values(event('Added after the backup')).execute();
    });
    fs.writeFileSync(path.join(config.uploadDir, 'poster.jpg'), 'replaced poster');
    fs.writeFileSync(path.join(config.uploadDir, 'later.jpg'), 'added later');

    const result = await restore(config, made.folder, {
      previousStateRoot: path.join(tmp, 'round-trip', 'backups'),
      now: RESTORED_AT,
    });

    expect(await eventNames(config)).toEqual(['Original night shoot']);
    expect(listUploads(config)).toEqual({ 'poster.jpg': 'original poster' });
    // The state it replaced is an ordinary backup: restoring that one would undo this.
    expect(result.previousState).toBe(path.join(tmp, 'round-trip', 'backups', 'backup-2026-11-22T11-00-00Z'));
    const previousUploads = path.join(result.previousState!, 'uploads');
    expect(fs.readFileSync(path.join(previousUploads, 'later.jpg'), 'utf8')).toBe('added later');
    if (dialect === 'sqlite') {
      const previous = new SqliteDatabase(path.join(result.previousState!, 'app.db'), { readonly: true });
      expect(previous.prepare('SELECT name FROM events ORDER BY id').all()).toEqual([
        { name: 'Renamed after the backup' },
        { name: 'Added after the backup' },
      ]);
      previous.close();
    } else {
      const dump = fs.readFileSync(path.join(result.previousState!, 'database.sql'), 'utf8');
      expect(dump).toContain('Added after the backup');
    }
    // Nothing of the staging is left beside the data.
    expect(fs.readdirSync(path.dirname(config.uploadDir)).filter((name) => name.includes('restor'))).toEqual(
      [],
    );
    // The restored database accepts the migrations and writes as before.
    await withDatabase(config, async (db) => {
      await migrateToLatest(db);
      await db.insertInto('events').values(event('After the restore')).execute();
    });
    expect(await eventNames(config)).toEqual(['Original night shoot', 'After the restore']);
  });

  it('refuses a folder that is not a whole backup, and changes nothing', async () => {
    const config = await install('refusals');
    const notABackup = path.join(tmp, 'refusals', 'random-folder');
    fs.mkdirSync(notABackup);
    fs.writeFileSync(path.join(notABackup, 'notes.txt'), 'hello');
    const options = { previousStateRoot: path.join(tmp, 'refusals', 'backups'), now: RESTORED_AT };

    await expect(restore(config, path.join(tmp, 'missing'), options)).rejects.toThrow(/is not a folder/);
    await expect(restore(config, notABackup, options)).rejects.toThrow(
      /is not a backup made by npm run backup: it holds neither app\.db \(SQLite\) nor database\.sql/,
    );

    const made = await backup(config, path.join(tmp, 'refusals', 'backups'), BACKED_UP_AT);
    const file = dialect === 'sqlite' ? 'app.db' : 'database.sql';
    const cut = path.join(tmp, 'refusals', 'cut-short');
    fs.cpSync(made.folder, cut, { recursive: true });
    const whole = fs.readFileSync(path.join(cut, file));
    fs.writeFileSync(path.join(cut, file), whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restore(config, cut, options)).rejects.toThrow(NotABackupError);

    const noUploads = path.join(tmp, 'refusals', 'no-uploads');
    fs.cpSync(made.folder, noUploads, { recursive: true });
    fs.rmSync(path.join(noUploads, 'uploads'), { recursive: true });
    await expect(restore(config, noUploads, options)).rejects.toThrow(/has no uploads folder/);

    const otherKind = path.join(tmp, 'refusals', 'other-kind');
    fs.mkdirSync(path.join(otherKind, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(otherKind, dialect === 'sqlite' ? 'database.sql' : 'app.db'), 'x');
    await expect(restore(config, otherKind, options)).rejects.toThrow(
      dialect === 'sqlite' ? /holds a PostgreSQL backup/ : /holds a SQLite backup/,
    );

    expect(await eventNames(config)).toEqual(['Original night shoot']);
    expect(listUploads(config)).toEqual({ 'poster.jpg': 'original poster' });
    // No "previous state" backup was taken for a refused restore.
    expect(fs.readdirSync(path.join(tmp, 'refusals', 'backups'))).toEqual([path.basename(made.folder)]);
  });

  if (dialect === 'postgres') {
    it('a dump that fails half-way leaves the database and the uploads as they were', async () => {
      const config = await install('half-way');
      const made = await backup(config, path.join(tmp, 'half-way', 'backups'), BACKED_UP_AT);
      await withDatabase(config, (db) => db.updateTable('events').set({ name: 'Current name' }).execute());
      fs.writeFileSync(path.join(config.uploadDir, 'poster.jpg'), 'current poster');
      // A statement that fails after the tables were dropped and some rows loaded.
      const dump = path.join(made.folder, 'database.sql');
      const text = fs.readFileSync(dump, 'utf8');
      const end = text.lastIndexOf('-- PostgreSQL database dump complete');
      fs.writeFileSync(dump, `${text.slice(0, end)}SELECT no_such_function();\n${text.slice(end)}`);

      await expect(
        restore(config, made.folder, {
          previousStateRoot: path.join(tmp, 'half-way', 'later'),
          now: RESTORED_AT,
        }),
      ).rejects.toThrow(/Nothing was restored: psql failed/);

      expect(await eventNames(config)).toEqual(['Current name']);
      expect(listUploads(config)).toEqual({ 'poster.jpg': 'current poster' });
    });
  }
});

describe('npm run restore', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-restore-cli-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('names what is wrong and exits 1 for a folder that is not a backup', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', 'no/such/backup'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(tmp, 'app.db')}`,
        UPLOAD_DIR: path.join(tmp, 'uploads'),
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no\/such\/backup is not a folder\.\nNothing was changed\./);
  });
});
