// Frozen: never edit a migration that has shipped, never import application code from one.
// The weekly report by e-mail (issue 17, docs/decisions/0422): each admin opts in (off by default),
// and each week's report to each admin is claimed by one row before it is sent, so several instances
// send it once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('weekly_report', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('weekly_report_sends')
    // The Monday (London) the report is for, YYYY-MM-DD.
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    // Set once the mail transport accepted it; null with `failure` when it did not.
    .addColumn('sent_at', 'bigint')
    .addColumn('failure', 'text')
    .addPrimaryKeyConstraint('weekly_report_sends_pk', ['week', 'admin_id'])
    .execute();
}
