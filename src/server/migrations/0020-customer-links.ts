// Frozen: never edit a migration that has shipped, never import application code from one.
// The customer's page (issue 36, item 6; docs/decisions/0473): each booking's private link, made on
// first use and ended by an erasure, and the messages the customer sends from that page.
import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('booking_links')
    .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    // Put in every mail to the customer and shown to the owner; a visit finds its row by the hash.
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('booking_messages')
    .addColumn('id', 'integer', id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_messages_booking')
    .on('booking_messages')
    .columns(['booking_id', 'created_at'])
    .execute();
}
