// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();
try {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
  } finally {
    await db.destroy();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
