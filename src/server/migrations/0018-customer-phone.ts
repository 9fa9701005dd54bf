// Frozen: never edit a migration that has shipped, never import application code from one.
// The customer's phone number (issue 36, item 4; docs/decisions/0465): optional on the enquiry and
// on the booking, kept as E.164 (+447700900123). A booking takes its enquiry's number when it is made
// and the owner may change it; an erasure clears it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('phone', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('customer_phone', 'text').execute();
}
