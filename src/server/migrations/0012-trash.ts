// Frozen: never edit a migration that has shipped, never import application code from one.
// Recently deleted (issue 17, docs/decisions/0426): a deleted content item or enquiry is moved here
// whole — its row as JSON — and can be put back exactly until it is purged.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trash')
    // A content kind (events, logos, …) or 'enquiries': the table the row came from.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // What the admin calls it (name, title, client or the enquirer), for the Recently deleted list.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('row_json', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('trash_pk', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
}
