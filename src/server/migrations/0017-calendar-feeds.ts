// Frozen: never edit a migration that has shipped, never import application code from one.
// Each admin's own bookings calendar address (issue 35, docs/decisions/0461): a row per admin that
// goes with the account. The one shared address kept in app_meta is dropped: an admin removed since
// may still know it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admin_users.id').onDelete('cascade'))
    // Shown back to its admin in Settings; a fetch finds its row by the hash, never by the secret.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`delete from app_meta where key = 'bookings_feed_secret'`.execute(db);
}
