import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as initial from '../migrations/0001-initial.ts';
import * as accountSecurity from '../migrations/0002-account-security.ts';
import * as enquiriesAnalytics from '../migrations/0003-enquiries-analytics.ts';
import type { Db } from './database.ts';

// Listed explicitly (not read from disk) so the same set runs from source, tests and any bundle.
// Forward-only: append new files here; never edit or remove one that has shipped.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-account-security': accountSecurity,
  '0003-enquiries-analytics': enquiriesAnalytics,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; safe to call from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
