import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
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
    fs.writeFileSync(path.join(tmp, 'totp-encryption.key'), 'k'.repeat(44), { mode: 0o600 });

    // The database stays open (as it would in the running server) while the backup is taken.
    const result = await backup(config, path.join(tmp, 'backups'), new Date('2026-11-22T10:00:00Z'));
    await db.destroy();

    expect(result.folder).toBe(path.join(tmp, 'backups', 'backup-2026-11-22T10-00-00Z'));
    // The two-factor key file beside the database stays out: it must be kept apart from backups.
    expect(fs.readdirSync(result.folder).sort()).toEqual(['app.db', 'uploads']);
    const copy = new SqliteDatabase(result.database, { readonly: true });
    expect(copy.prepare("select value from app_meta where key = 'backup-test'").get()).toEqual({
      value: 'kept',
    });
    copy.close();
    expect(fs.readFileSync(path.join(result.uploads, 'photo.jpg'), 'utf8')).toBe('original');
    expect(fs.existsSync(path.join(result.uploads, '.variants'))).toBe(false);
  });

  it('never writes into an existing backup folder', async () => {
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(tmp, 'app.db')}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
    });
    const at = new Date('2026-11-22T12:00:00Z');
    const first = await backup(config, path.join(tmp, 'backups'), at);
    await expect(backup(config, path.join(tmp, 'backups'), at)).rejects.toThrow(/EEXIST/);
    expect(fs.readdirSync(first.folder).sort()).toEqual(['app.db', 'uploads']);
  });
});

describe('backup (PostgreSQL)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-backup-pg-'));
  const originalPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = originalPath;
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('hands pg_dump the password through PGPASSWORD, never on its command line', async () => {
    // A stand-in pg_dump that records what it was started with.
    const bin = path.join(tmp, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(
      path.join(bin, 'pg_dump'),
      `#!/bin/sh
printf '%s\n' "$@" > "${bin}/args.txt"
printf '%s' "$PGPASSWORD" > "${bin}/password.txt"
while [ $# -gt 0 ]; do
  if [ "$1" = "--file" ]; then shift; printf -- '-- dump\n' > "$1"; fi
  shift
done
`,
      { mode: 0o755 },
    );
    process.env.PATH = `${bin}${path.delimiter}${originalPath ?? ''}`;
    const config = loadConfig({
      DATABASE_URL: 'postgres://range:S3cret%2Fpass@db.internal:5432/range?sslmode=require',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(40),
      UPLOAD_DIR: path.join(tmp, 'no-uploads-yet'),
    });

    const result = await backup(config, path.join(tmp, 'backups'), new Date('2026-11-22T10:00:00Z'));

    const args = fs.readFileSync(path.join(bin, 'args.txt'), 'utf8');
    expect(args).not.toContain('S3cret');
    expect(args).toContain('postgres://range@db.internal:5432/range?sslmode=require');
    expect(fs.readFileSync(path.join(bin, 'password.txt'), 'utf8')).toBe('S3cret/pass');
    expect(fs.readFileSync(result.database, 'utf8')).toBe('-- dump\n');
    expect(fs.readdirSync(result.uploads)).toEqual([]);
  });
});
