// Frozen: never edit a migration that has shipped, never import application code from one.
// Scheduled content (issue 17, docs/decisions/0424): each item may have a time it appears from and a
// time it disappears after (epoch milliseconds); null means no limit on that side.
import type { Kysely } from 'kysely';

const CONTENT_TABLES = ['events', 'logos', 'badges', 'gallery', 'videos', 'testimonials'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await db.schema.alterTable(table).addColumn('show_from', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('hide_after', 'bigint').execute();
  }
}
