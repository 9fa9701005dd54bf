import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase, sqliteDriverPackage } from './sqlite-driver.ts';

// Whether better-sqlite3 12 would abort on Node 24 cannot be shown in one small test (it takes the
// garbage collector freeing a statement outside any JavaScript context); CI's Node 24 leg runs the
// whole suite, which is where 12 died (docs/decisions/0408-node-versions.md).
describe('SQLite driver', () => {
  it('is the better-sqlite3 major this Node can run: 13 with Node-API 10, else 12', () => {
    const { version } = createRequire(import.meta.url)(`${sqliteDriverPackage}/package.json`) as {
      version: string;
    };
    const expectedMajor = Number(process.versions.napi) >= 10 ? 13 : 12;
    expect(Number(version.split('.')[0])).toBe(expectedMajor);
  });

  it('opens a database and runs statements', () => {
    const db = new SqliteDatabase(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    db.transaction(() => [1, 2, 3].forEach((n) => insert.run(n)))();
    expect(db.prepare('SELECT sum(n) AS total FROM t').get()).toEqual({ total: 6 });
    db.close();
  });
});
