import type { Db } from '../../db/database.ts';

/** Issues a token and withdraws every earlier unused one: only the newest link works. */
export async function replaceResetToken(
  db: Db,
  adminId: number,
  tokenHash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        admin_id: adminId,
        token_hash: tokenHash,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
  });
}

export const findResetToken = (db: Db, tokenHash: string) =>
  db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks the token used unless it already was; false means someone else got there first. */
export async function consumeResetToken(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const deleteResetTokensOfAdmin = (db: Db, adminId: number) =>
  db.deleteFrom('password_reset_tokens').where('admin_id', '=', adminId).execute();

/** Removes tokens that can never work again: expired, or already spent on a reset. */
export const deleteSpentResetTokens = (db: Db, now: number) =>
  db
    .deleteFrom('password_reset_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
    .execute();
