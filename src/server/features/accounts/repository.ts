import type { Insertable, Selectable } from 'kysely';
import { dialectOf, type Db } from '../../db/database.ts';
import type { AdminUsersTable } from '../../db/schema.ts';

export type AdminRow = Selectable<AdminUsersTable>;

export const findAdminByEmail = (db: Db, email: string) =>
  db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst();

export const findAdminById = (db: Db, id: number) =>
  db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();

export const findAdminByEmailOrUsername = (db: Db, email: string, username: string) =>
  db
    .selectFrom('admin_users')
    .select(['email', 'username'])
    .where((eb) =>
      eb.or([eb('email', '=', email), eb(eb.fn('lower', ['username']), '=', username.toLowerCase())]),
    )
    .executeTakeFirst();

export const listAdmins = (db: Db) => db.selectFrom('admin_users').selectAll().orderBy('id').execute();

export const countAdmins = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('admin_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The superadmins' ids, locked on PostgreSQL until the transaction ends: two superadmins deleting
 * each other at once would otherwise both count two and both succeed. (SQLite runs one write
 * transaction at a time.)
 */
export async function lockSuperadmins(db: Db): Promise<number[]> {
  const query = db.selectFrom('admin_users').select('id').where('role', '=', 'superadmin').orderBy('id');
  const rows = await (dialectOf(db) === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export const insertAdmin = (db: Db, values: Insertable<AdminUsersTable>) =>
  db.insertInto('admin_users').values(values).returningAll().executeTakeFirstOrThrow();

export const deleteAdmin = (db: Db, id: number) =>
  db.deleteFrom('admin_users').where('id', '=', id).execute();

export const insertSession = (db: Db, adminId: number, tokenHash: string, now: number) =>
  db
    .insertInto('admin_sessions')
    .values({ admin_id: adminId, token_hash: tokenHash, created_at: now, last_seen_at: now })
    .execute();

export const findSessionWithAdmin = (db: Db, tokenHash: string) =>
  db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as a', 'a.id', 's.admin_id')
    .select([
      's.id as session_id',
      's.created_at as session_created_at',
      's.last_seen_at',
      'a.id',
      'a.username',
      'a.email',
      'a.role',
      'a.force_password_change',
      'a.created_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchSession = (db: Db, sessionId: number, now: number) =>
  db.updateTable('admin_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();

export const deleteSession = (db: Db, sessionId: number) =>
  db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();

export const deleteSessionsOfAdmin = (db: Db, adminId: number) =>
  db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();

export const deleteExpiredSessions = (db: Db, idleBefore: number, createdBefore: number) =>
  db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();

export const updatePassword = (db: Db, adminId: number, passwordHash: string, now: number) =>
  db
    .updateTable('admin_users')
    .set({ password_hash: passwordHash, force_password_change: 0, updated_at: now })
    .where('id', '=', adminId)
    .execute();

/** Signs the admin out everywhere except `keepSessionId` (the session that made the change). */
export const deleteOtherSessionsOfAdmin = (db: Db, adminId: number, keepSessionId: number) =>
  db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).where('id', '!=', keepSessionId).execute();
