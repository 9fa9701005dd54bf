import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EnquiriesTable } from '../../db/schema.ts';

export type EnquiryRow = Selectable<EnquiriesTable>;

export const insertEnquiry = (db: Db, values: Insertable<EnquiriesTable>) =>
  db.insertInto('enquiries').values(values).returningAll().executeTakeFirstOrThrow();

export const findEnquiry = (db: Db, id: number) =>
  db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();

export const listEnquiries = (db: Db) =>
  db.selectFrom('enquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const updateEnquiry = (db: Db, id: number, values: Updateable<EnquiriesTable>) =>
  db.updateTable('enquiries').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export async function existingIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('enquiries').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function deleteEnquiries(db: Db, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('enquiries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pending enquiries, oldest first: all of them, or (with `dueBy`) those due for an automatic retry. */
export async function pendingIds(db: Db, dueBy: number | null, maxAttempts?: number): Promise<number[]> {
  let query = db.selectFrom('enquiries').select('id').where('notify_pending', '=', 1);
  if (dueBy !== null)
    query = query.where((eb) => eb.or([eb('notify_next_at', 'is', null), eb('notify_next_at', '<=', dueBy)]));
  if (maxAttempts !== undefined) query = query.where('notify_attempts', '<', maxAttempts);
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

/**
 * Takes the right to send an enquiry's notifications until `until`, unless another sender (this or
 * another instance) holds it: so the manual button, the retry job and the send after submit never
 * mail the business twice for one enquiry.
 */
export async function claimForNotification(
  db: Db,
  id: number,
  now: number,
  until: number,
): Promise<EnquiryRow | undefined> {
  return db
    .updateTable('enquiries')
    .set({ notify_claimed_until: until })
    .where('id', '=', id)
    .where('notify_pending', '=', 1)
    .where((eb) => eb.or([eb('notify_claimed_until', 'is', null), eb('notify_claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Remembers an ALTCHA solution; false when it was already used. Expired ones are cleared on the way. */
export async function recordCaptchaSolution(
  db: Db,
  signature: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('captcha_solutions')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
