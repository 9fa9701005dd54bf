// Frozen: never edit a migration that has shipped, never import application code from one.
// Booking versions (issue 36, item 8; docs/decisions/0476): each booking counts its writes, so an
// edit made from a form opened before someone else's save is refused instead of undoing it. A
// timestamp could not tell two writes in the same millisecond apart, nor survive a clock set back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
