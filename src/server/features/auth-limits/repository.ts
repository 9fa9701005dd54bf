import { dialectOf, type Db } from '../../db/database.ts';

export const insertFailures = (db: Db, keys: string[], now: number) =>
  db
    .insertInto('auth_failures')
    .values(keys.map((key) => ({ key, created_at: now })))
    .execute();

export async function countFailuresSince(db: Db, key: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('auth_failures')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const deleteFailures = (db: Db, key: string) =>
  db.deleteFrom('auth_failures').where('key', '=', key).execute();

export const deleteFailuresBefore = (db: Db, before: number) =>
  db.deleteFrom('auth_failures').where('created_at', '<', before).execute();

/** The latest lock among `keys` still in force at `now`. */
export const findActiveLockout = (db: Db, keys: string[], now: number) =>
  db
    .selectFrom('auth_lockouts')
    .selectAll()
    .where('key', 'in', keys)
    .where('locked_until', '>', now)
    .orderBy('locked_until', 'desc')
    .executeTakeFirst();

/** Sets a lock; a lock already running longer is kept (several instances may lock the same key). */
export const upsertLockout = (db: Db, key: string, lockedUntil: number, now: number) => {
  // Two-argument max is `max` in SQLite and `greatest` in PostgreSQL (where max is an aggregate).
  const larger = dialectOf(db) === 'sqlite' ? 'max' : 'greatest';
  return db
    .insertInto('auth_lockouts')
    .values({ key, locked_until: lockedUntil, created_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        locked_until: eb.fn<number>(larger, [
          eb.ref('auth_lockouts.locked_until'),
          eb.ref('excluded.locked_until'),
        ]),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
};

export const deleteLockoutsBefore = (db: Db, before: number) =>
  db.deleteFrom('auth_lockouts').where('locked_until', '<', before).execute();
