// Frozen: never edit a migration that has shipped, never import application code from one.
// Account security (issue 3): two-factor login, recovery codes, password-reset tokens, brute-force
// counters and locks, the audit log, and the business details shown on the public site.
import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // Ids are never reused, so an old token or link can never point at a new row.
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  // One row per admin who has started enrolment; `enabled` flips to 1 once a code confirms it.
  await db.schema
    .createTable('admin_totp')
    .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admin_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // The highest time step accepted so far: a code is usable once (RFC 6238 §5.2).
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('admin_recovery_codes_admin')
    .on('admin_recovery_codes')
    .column('admin_id')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_admin')
    .on('password_reset_tokens')
    .column('admin_id')
    .execute();

  // Brute-force counters live in the database so several instances sharing PostgreSQL agree.
  await db.schema
    .createTable('auth_failures')
    .addColumn('id', 'integer', id)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_key_time')
    .on('auth_failures')
    .columns(['key', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_failures_time').on('auth_failures').column('created_at').execute();

  await db.schema
    .createTable('auth_lockouts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // No foreign key on admin_id: the trail must outlive a deleted account.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('route', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').column('created_at').execute();

  // A single row (id = 1), written on first read with placeholder values.
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('trading_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('facebook_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instagram_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tiktok_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('youtube_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('company_number', 'text', (c) => c.notNull())
    .addColumn('registered_address', 'text', (c) => c.notNull())
    .addColumn('is_placeholder', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'integer')
    .execute();
}
