// Frozen: never edit a migration that has shipped, never import application code from one.
// Where consenting visitors came from (issue 17, docs/decisions/0428): each analytics session keeps
// the source label of its first page view, and a rollup counts sessions per last day and source, so
// "visitors per source" over 90 days sums a few hundred rows. Sessions recorded before have no source
// and are not attributed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_sessions').addColumn('source', 'text').execute();
  await db.schema
    .createTable('analytics_sessions_by_source')
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sessions', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_sessions_by_source_pkey', ['last_day', 'source'])
    .execute();
}
