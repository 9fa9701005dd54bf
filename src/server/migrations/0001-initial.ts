// Frozen: never edit a migration that has shipped, never import application code from one.
import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // Ids are never reused, so an old token or link can never point at a new row.
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  const contentTable = (name: string, columns: (table: Table) => Table) =>
    columns(db.schema.createTable(name).addColumn('id', 'integer', id))
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

  await contentTable('events', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image_url', 'text', (c) => c.notNull().defaultTo('')),
  );
  await contentTable('logos', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text', (c) => c.notNull())
      .addColumn('website_url', 'text', (c) => c.notNull().defaultTo('')),
  );
  await contentTable('badges', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('badge_url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo('')),
  );
  await contentTable('gallery', (t) =>
    t
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('section', 'text', (c) => c.notNull()),
  );
  await contentTable('videos', (t) =>
    t
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('video_type', 'text', (c) => c.notNull())
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('thumbnail_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text', (c) => c.notNull()),
  );
  await contentTable('testimonials', (t) =>
    t
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('testimonial_text', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull()),
  );
  for (const table of ['events', 'logos', 'badges', 'gallery', 'videos', 'testimonials']) {
    await db.schema
      .createIndex(`${table}_active_order`)
      .on(table)
      .columns(['is_active', 'order', 'id'])
      .execute();
  }

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('force_password_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'integer', id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_sessions_admin').on('admin_sessions').column('admin_id').execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
