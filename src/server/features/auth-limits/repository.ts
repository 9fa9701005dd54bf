import type { AuthLimit } from '../../config.ts';
import type { Db } from '../../db/database.ts';

export interface ClaimedCount {
  window_started_at: number;
  /** This attempt's place in the window's count. */
  attempts: number;
  locked_until: number | null;
  /** Attempts the current lock has refused: 0 when this very statement set the lock. */
  refused: number;
}

/**
 * Claims one attempt on `key` in one statement, so concurrent attempts (in this process, or on other
 * instances sharing PostgreSQL, where the conflicting row is locked for the update) each get a
 * different count. In the row as it was:
 * - locked: the attempt is refused and only counted in `refused`;
 * - window passed, or a lock that has ended (a lock starts a fresh count): the count restarts at 1;
 * - otherwise the count goes up by one, and passing `maxFailures` sets the lock with `refused` at 0.
 * (In an upsert's SET every expression reads the row as it was, so the branches must agree.)
 */
export function claimAttempt(db: Db, key: string, now: number, rule: AuthLimit): Promise<ClaimedCount> {
  return db
    .insertInto('auth_attempts')
    .values({ key, window_started_at: now, attempts: 1, locked_until: null, refused: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const locked = eb('auth_attempts.locked_until', '>', now);
        const fresh = eb.or([
          eb('auth_attempts.window_started_at', '<=', now - rule.windowMs),
          eb('auth_attempts.locked_until', '<=', now),
        ]);
        return {
          attempts: eb
            .case()
            .when(locked)
            .then(eb.ref('auth_attempts.attempts'))
            .when(fresh)
            .then(1)
            .else(eb('auth_attempts.attempts', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(locked)
            .then(eb.ref('auth_attempts.window_started_at'))
            .when(fresh)
            .then(now)
            .else(eb.ref('auth_attempts.window_started_at'))
            .end(),
          locked_until: eb
            .case()
            .when(locked)
            .then(eb.ref('auth_attempts.locked_until'))
            .when(fresh)
            .then(null)
            .when(eb('auth_attempts.attempts', '>=', rule.maxFailures))
            .then(now + rule.lockMs)
            .else(eb.ref('auth_attempts.locked_until'))
            .end(),
          refused: eb
            .case()
            .when(locked)
            .then(eb('auth_attempts.refused', '+', 1))
            .else(0)
            .end(),
        };
      }),
    )
    .returning(['window_started_at', 'attempts', 'locked_until', 'refused'])
    .executeTakeFirstOrThrow();
}

/**
 * Locks `key` when a failure leaves its count at `maxFailures` (the failure that used the last
 * allowance locks at once, rather than the next attempt). Returns the lock only to the one statement
 * that set it, so it is recorded once however many instances fail at the same moment.
 */
export const lockAtMaximum = (
  db: Db,
  key: string,
  windowStartedAt: number,
  maxFailures: number,
  lockedUntil: number,
) =>
  db
    .updateTable('auth_attempts')
    .set({ locked_until: lockedUntil, refused: 0 })
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('locked_until', 'is', null)
    .where('attempts', '>=', maxFailures)
    .returning('locked_until')
    .executeTakeFirst();

/**
 * Gives one claimed attempt back (it was not a failure). Only to the window it was claimed in, and not
 * while the key is locked: a lock holds for its whole time once set.
 */
export const giveBackAttempt = (db: Db, key: string, windowStartedAt: number) =>
  db
    .updateTable('auth_attempts')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('locked_until', 'is', null)
    .where('attempts', '>', 0)
    .execute();

/** Forgets the key's count (not a lock in force). */
export const forgetAttempts = (db: Db, key: string) =>
  db
    .updateTable('auth_attempts')
    .set({ attempts: 0 })
    .where('key', '=', key)
    .where('locked_until', 'is', null)
    .execute();

/** The latest lock among `keys` still in force at `now`. */
export const findActiveLock = (db: Db, keys: string[], now: number) =>
  db
    .selectFrom('auth_attempts')
    .select(['key', 'locked_until'])
    .where('key', 'in', keys)
    .where('locked_until', '>', now)
    .orderBy('locked_until', 'desc')
    .executeTakeFirst();

/** Rows whose window began before `windowStartedBefore` and that hold no lock in force count nothing. */
export const deleteStale = (db: Db, windowStartedBefore: number, now: number) =>
  db
    .deleteFrom('auth_attempts')
    .where('window_started_at', '<', windowStartedBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
