// Frozen: never edit a migration that has shipped, never import application code from one.
// Why an enquiry's mail is still owed, so a missing notification address can be told apart from a
// mail server failure (issue 15, docs/decisions/0411): the first waits for the address without using
// up retry attempts, the second is retried. And an acknowledgement the mailbox limit held back is
// recorded as settled, so it is neither counted as waiting nor sent late.
import { sql, type Kysely } from 'kysely';

/** The text the old code stored when no address was configured (see 0003's notify_error). */
const OLD_NO_ADDRESS_ERROR = 'No address to notify%';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('notify_failure', 'text').execute();
  await db.schema.alterTable('enquiries').addColumn('visitor_ack_skipped_at', 'bigint').execute();
  // Enquiries that waited for an address under the old rules may have used up their automatic
  // attempts on it; they now wait for the address and go out as soon as there is one.
  await sql`
    update enquiries
    set notify_failure = 'no_address', notify_attempts = 0, notify_next_at = null
    where notify_pending = 1
      and business_notified_at is null
      and notify_error like ${OLD_NO_ADDRESS_ERROR}
  `.execute(db);
}
