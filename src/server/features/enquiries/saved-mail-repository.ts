// The saved_mails table (migration 0022, docs/decisions/0475): an enquiry's notice or
// acknowledgement that only reached the outbox because no mail server was set. Each row is sent at
// most once: whoever sets its claim (claimed_until) sends it.
import type { Db } from '../../db/database.ts';

export type SavedKind = 'notice' | 'acknowledgement';
export interface SavedKey {
  enquiry_id: number;
  kind: SavedKind;
}

/** The mail was written to the outbox: it is offered for sending once a mail server is set. */
export const recordSaved = (db: Db, enquiryId: number, kind: SavedKind, now: number) =>
  db
    .insertInto('saved_mails')
    .values({ enquiry_id: enquiryId, kind, state: 'saved', created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['enquiry_id', 'kind'])
        .doUpdateSet({ state: 'saved', created_at: now, sent_at: null, claimed_until: null }),
    )
    .execute();

/**
 * The saved mails still worth sending, oldest first: of enquiries that still exist and are not spam;
 * an acknowledgement only while the enquiry is new (once the owner has answered, "we have your
 * enquiry" would be late news).
 */
export async function offeredSaved(db: Db): Promise<SavedKey[]> {
  const rows = await db
    .selectFrom('saved_mails as s')
    .innerJoin('enquiries as e', 'e.id', 's.enquiry_id')
    .select(['s.enquiry_id', 's.kind', 'e.status'])
    .where('s.state', '=', 'saved')
    .where('e.status', '<>', 'spam')
    .orderBy('s.created_at')
    .orderBy('s.enquiry_id')
    .execute();
  return rows
    .filter((row) => row.kind === 'notice' || row.status === 'new')
    .map((row) => ({ enquiry_id: row.enquiry_id, kind: row.kind as SavedKind }));
}

const byKey = (db: Db, key: SavedKey) =>
  db.updateTable('saved_mails').where('enquiry_id', '=', key.enquiry_id).where('kind', '=', key.kind);

/** Takes a saved mail for this caller until `until`; false when it has gone or another has it. */
export async function claimSaved(db: Db, key: SavedKey, now: number, until: number): Promise<boolean> {
  const row = await byKey(db, key)
    .set({ claimed_until: until })
    .where('state', '=', 'saved')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returning('enquiry_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A mail server took it. */
export const recordSavedSent = (db: Db, key: SavedKey, now: number) =>
  byKey(db, key).set({ state: 'sent', sent_at: now, claimed_until: null, error: null }).execute();

/** Still only saved (no mail server after all) or failed: offered again, with why. */
export const releaseSaved = (db: Db, key: SavedKey, error: string | null) =>
  byKey(db, key).set({ claimed_until: null, error }).execute();
