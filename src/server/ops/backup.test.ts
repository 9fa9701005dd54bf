import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { backup } from './backup.ts';

describe('backup (SQLite)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-backup-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('copies the live database and the original uploads, not the resized copies', async () => {
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(tmp, 'app.db')}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
    });
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    await db.insertInto('app_meta').values({ key: 'backup-test', value: 'kept' }).execute();
    fs.mkdirSync(path.join(config.uploadDir, '.variants', '640'), { recursive: true });
    fs.writeFileSync(path.join(config.uploadDir, 'photo.jpg'), 'original');
    fs.writeFileSync(path.join(config.uploadDir, '.variants', '640', 'photo.webp'), 'copy');

    // The database stays open (as it would in the running server) while the backup is taken.
    const result = await backup(config, path.join(tmp, 'backups'), new Date('2026-11-22T10:00:00Z'));
    await db.destroy();

    expect(result.folder).toBe(path.join(tmp, 'backups', 'backup-2026-11-22T10-00-00Z'));
    const copy = new SqliteDatabase(result.database, { readonly: true });
    expect(copy.prepare("select value from app_meta where key = 'backup-test'").get()).toEqual({
      value: 'kept',
    });
    copy.close();
    expect(fs.readFileSync(path.join(result.uploads, 'photo.jpg'), 'utf8')).toBe('original');
    expect(fs.existsSync(path.join(result.uploads, '.variants'))).toBe(false);
  });
});
