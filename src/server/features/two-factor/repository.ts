import type { Db } from '../../db/database.ts';

export const findTotp = (db: Db, adminId: number) =>
  db.selectFrom('admin_totp').selectAll().where('admin_id', '=', adminId).executeTakeFirst();

/** Starts (or restarts) an enrolment with a fresh secret; only allowed while 2FA is off. */
export async function upsertPendingTotp(db: Db, adminId: number, secret: string, now: number): Promise<void> {
  await db.deleteFrom('admin_totp').where('admin_id', '=', adminId).where('enabled', '=', 0).execute();
  await db
    .insertInto('admin_totp')
    .values({
      admin_id: adminId,
      secret,
      enabled: 0,
      last_used_step: null,
      created_at: now,
      enabled_at: null,
    })
    .execute();
}

/**
 * Accepts time step `step` for the admin unless it (or a later one) was used already. One UPDATE,
 * so two instances racing with the same code can't both succeed.
 */
export async function claimStep(
  db: Db,
  adminId: number,
  step: number,
  options: { enable: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('admin_totp')
    .set(
      options.enable
        ? { last_used_step: step, enabled: 1, enabled_at: options.now }
        : { last_used_step: step },
    )
    .where('admin_id', '=', adminId)
    .where('enabled', '=', options.enable ? 0 : 1)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const listTotpSecrets = (db: Db) =>
  db.selectFrom('admin_totp').select(['admin_id', 'secret']).execute();

/** Swaps a stored secret for its new form unless it changed meanwhile (another instance got there first). */
export async function replaceTotpSecret(db: Db, adminId: number, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_totp')
    .set({ secret: to })
    .where('admin_id', '=', adminId)
    .where('secret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const deleteTotp = (db: Db, adminId: number) =>
  db.deleteFrom('admin_totp').where('admin_id', '=', adminId).execute();

export const replaceRecoveryCodes = async (db: Db, adminId: number, hashes: string[], now: number) => {
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await db
    .insertInto('admin_recovery_codes')
    .values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: now, used_at: null })))
    .execute();
};

/** Marks an unused code as used; false when there is no such unused code. */
export async function useRecoveryCode(db: Db, adminId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const deleteRecoveryCodes = (db: Db, adminId: number) =>
  db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
