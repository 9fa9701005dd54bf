// Frozen: never edit a migration that has shipped, never import application code from one.
// Enquiries (with their notification state), used captcha solutions, and first-party analytics:
// raw events plus the rollups the admin reports read.
import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // Ids are never reused, so a deleted enquiry's id can never point at a new one.
  const id = (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('enquiries')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    // Why an enquiry was marked spam on arrival (honeypot, too fast); null otherwise.
    .addColumn('spam_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Notification state: 1 while either e-mail is still owed; each part is recorded when sent.
    .addColumn('notify_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business_notified_at', 'bigint')
    .addColumn('visitor_acknowledged_at', 'bigint')
    .addColumn('notify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_next_at', 'bigint')
    .addColumn('notify_claimed_until', 'bigint')
    .addColumn('notify_error', 'text')
    .execute();
  await db.schema.createIndex('enquiries_created').on('enquiries').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('enquiries_pending')
    .on('enquiries')
    .columns(['notify_pending', 'notify_next_at'])
    .execute();

  // ALTCHA solutions already accepted, kept until their challenge expires (replay protection that
  // holds across instances).
  await db.schema
    .createTable('captcha_solutions')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_solutions_expires')
    .on('captcha_solutions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', id)
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('element', 'text')
    .addColumn('section', 'text')
    .addColumn('session_id', 'text')
    .addColumn('view_id', 'text')
    .addColumn('dwell_ms', 'integer')
    .addColumn('referrer', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_created')
    .on('analytics_events')
    .columns(['created_at', 'id'])
    .execute();

  // One row per London calendar day, event type and section ('' when the type has none).
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('dwell_ms_sum', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('dwell_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'event_type', 'section'])
    .execute();

  // One row per session: the last London day it was seen. A period always ends today, so the
  // visitors of a period are exactly the sessions last seen on or after its first day.
  await db.schema
    .createTable('analytics_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_sessions_last_day')
    .on('analytics_sessions')
    .column('last_day')
    .execute();
}
