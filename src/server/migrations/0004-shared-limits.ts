// Frozen: never edit a migration that has shipped, never import application code from one.
// Limits every instance must agree on (issue 9): one row per counted use of a limited action — an
// enquiry from a client address, an acknowledgement e-mail to a recipient — kept until its window
// has passed.
import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'integer', id)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When the hit stops counting under its own rule's window; rows past it are deleted.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_key_time')
    .on('rate_limit_hits')
    .columns(['key', 'created_at'])
    .execute();
  await db.schema.createIndex('rate_limit_hits_expires').on('rate_limit_hits').column('expires_at').execute();
}
