// Frozen: never edit a migration that has shipped, never import application code from one.
// Money received (issue 36, item 7; docs/decisions/0474): a booking records what came in and went
// back, each as a day and an amount in whole pence — the deposit received (deposit_paid_on was its
// day already), the balance received, and what was refunded. A deposit already marked paid was paid
// in full: the only amount the booking knew was the one asked.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('deposit_paid_pence', 'bigint').execute();
  await db.schema.alterTable('bookings').addColumn('balance_paid_on', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('balance_paid_pence', 'bigint').execute();
  await db.schema.alterTable('bookings').addColumn('refunded_on', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('refunded_pence', 'bigint').execute();
  await sql`
    update bookings set deposit_paid_pence = deposit_pence
    where deposit_paid_on is not null and deposit_pence is not null`.execute(db);
}
