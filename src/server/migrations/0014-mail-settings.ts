// Frozen: never edit a migration that has shipped, never import application code from one.
// The mail server a superadmin sets in Settings › Mail (issue 28, docs/decisions/0440): one row
// (id 1) while one is set, none while mail is saved as files. The password is stored only sealed
// under the server key (AES-256-GCM, like the two-factor secrets); SMTP_URL still wins over the row.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    // 'none', 'starttls' or 'tls'.
    .addColumn('security', 'text', (c) => c.notNull())
    // Empty: the server takes mail without signing in.
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_sealed', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
}
