// What a test needs to build the whole app itself (its own web build, clock or logger) rather than
// through the harness: a migrated in-memory SQLite database and the configuration naming it, with
// uploads under `dataDir` and a silent log.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export async function memoryAppInputs(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  return { config, db };
}
