// Issue 15: the database and its backups hold enquiries and admin credentials; only the service's own
// user may read them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { backup } from '../ops/backup.ts';
import { openDatabase } from './database.ts';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

it('creates the SQLite database, its WAL and its folder for the owner only, and tightens an older file', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-modes-'));
  const file = path.join(tmp, 'data', 'app.db');
  const db = openDatabase({ dialect: 'sqlite', file });
  try {
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);

    const result = await backup(
      loadConfig({ DATABASE_URL: `sqlite:${file}`, UPLOAD_DIR: path.join(tmp, 'uploads') }),
      path.join(tmp, 'backups'),
    );
    expect(modeOf(path.join(tmp, 'backups'))).toBe(0o700);
    expect(modeOf(result.folder)).toBe(0o700);
    expect(modeOf(result.database)).toBe(0o600);
  } finally {
    await db.destroy();
  }

  fs.chmodSync(file, 0o644);
  const reopened = openDatabase({ dialect: 'sqlite', file });
  await reopened.destroy();
  expect(modeOf(file)).toBe(0o600);
  fs.rmSync(tmp, { recursive: true, force: true });
});
