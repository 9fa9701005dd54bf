// Frozen: never edit a migration that has shipped, never import application code from one.
// Mail that answers the customer's questions (issue 36, item 5; docs/decisions/0475): the reason the
// owner gives when cancelling, kept with the booking; what the customer was last told, kept with an
// update's mail so it can say old → new whenever it goes; the business's payment details and when a
// balance is due; and the enquiry mails that were only written to the outbox, to send once a mail
// server is set.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
  // JSON: the booking's customer-facing details as the customer was last told them (an update only).
  await db.schema.alterTable('booking_mails').addColumn('previous_details', 'text').execute();

  // One row (id 1) once a superadmin saves them; none: no payment details, a 14-day balance.
  await db.schema
    .createTable('payment_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('account_name', 'text', (c) => c.notNull())
    // Six digits, kept without dashes.
    .addColumn('sort_code', 'text', (c) => c.notNull())
    // Eight digits.
    .addColumn('account_number', 'text', (c) => c.notNull())
    // https only; empty: none.
    .addColumn('payment_link', 'text', (c) => c.notNull())
    .addColumn('balance_due_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  // An enquiry's notice or acknowledgement that only reached the outbox (no mail server set). No
  // foreign key: a deleted enquiry goes to Recently deleted and may come back with its id; one that
  // is gone is simply not offered.
  await db.schema
    .createTable('saved_mails')
    .addColumn('enquiry_id', 'integer', (c) => c.notNull())
    // notice | acknowledgement
    .addColumn('kind', 'text', (c) => c.notNull())
    // saved | sent
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addPrimaryKeyConstraint('saved_mails_key', ['enquiry_id', 'kind'])
    .execute();
}
