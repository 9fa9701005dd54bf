// The one place that loads better-sqlite3 (docs/decisions/0408-node-versions.md). Two major versions
// are installed because no single one runs on every Node we support:
// - 13 is built on Node-API 10 (Node 22.14+, 24). It is the only one that survives Node 24, where 12
//   aborts the process when the garbage collector frees a statement (WiseLibs/better-sqlite3#1515).
// - 12 (the `better-sqlite3-v12` alias, compiled at install) for Node 20 and 22.0–22.13, which lack
//   Node-API 10: 13 crashes there on the first `new Database()`.
// Both have the same JavaScript API, so callers never know which one they got.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteConnection = BetterSqlite3.Database;

const NODE_API_OF_DRIVER_13 = 10;

/** The package this Node loads: 13 where Node-API 10 exists, else 12. */
export const sqliteDriverPackage =
  Number(process.versions.napi) >= NODE_API_OF_DRIVER_13 ? 'better-sqlite3' : 'better-sqlite3-v12';

function loadDriver(): typeof BetterSqlite3 {
  const require = createRequire(import.meta.url);
  try {
    return require(sqliteDriverPackage) as typeof BetterSqlite3;
  } catch (error) {
    if (sqliteDriverPackage === 'better-sqlite3') throw error;
    // The 12.x alias is an optional dependency that compiles at install; without a C++ toolchain npm
    // skips it and only this Node is left without a driver.
    throw new Error(
      `Node ${process.version} needs better-sqlite3 12 (Node-API ${process.versions.napi}; version 13 needs ` +
        `Node-API ${NODE_API_OF_DRIVER_13}), and it did not install or load. Install python3, make and g++ ` +
        `and run "npm install" again, or use Node 22.14 or newer. (${(error as Error).message})`,
      { cause: error },
    );
  }
}

export const SqliteDatabase = loadDriver();
