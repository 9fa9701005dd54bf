// Frozen: never edit a migration that has shipped, never import application code from one.
// Private events (issue 28, docs/decisions/0442): an event the owner keeps in the admin only — a
// booking such as a private party — is in no public channel. Existing events stay public (0).
// Nullable on purpose: Recently deleted restores whole rows, and on SQLite a restore mixing an event
// trashed before this column with one trashed after writes null for the older one; null reads as 0.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('is_private', 'integer', (c) => c.defaultTo(0))
    .execute();
}
