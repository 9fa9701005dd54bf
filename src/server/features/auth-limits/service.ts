// Brute-force limits on sign-in, 2FA codes and password reset (issue 3 "Brute-force limits").
// Three counters, all in the database so instances sharing PostgreSQL agree:
//   pair     one account from one address, per action  (5 in 15 min → 15 min lock, by default)
//   address  one address, any account, any action       (20 in 15 min → 15 min block)
//   account  one account from anywhere, per action      (100 in 1 h → 1 h lock)
// The pair lock comes first so an attacker elsewhere can't lock the owner out with a handful of tries.
// Keys are built from the action name the service passes (never the request path), the client
// address Fastify resolved (X-Forwarded-For only counts with TRUST_PROXY) and the normalised account.
import type { AuthLimit, AuthLimits } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import * as repo from './repository.ts';

export type LimitedAction =
  'login' | 'two-factor' | 'password-reset-request' | 'password-reset-confirm' | 'change-password';
export type LimitScope = 'pair' | 'address' | 'account';

export interface Attempt {
  action: LimitedAction;
  /** request.ip */
  ip: string;
  /** Normalised e-mail (or '' when the request names no account, e.g. an unknown reset token). */
  account: string;
}

export interface Lockout {
  scope: LimitScope;
  until: number;
}

export interface LimitsLog {
  warn(obj: object, msg: string): void;
}

const keysOf = ({ action, ip, account }: Attempt): Record<LimitScope, string | undefined> => {
  const address = rateLimitAddress(ip);
  return {
    pair: `pair|${action}|${address}|${account}`,
    address: `address|${address}`,
    account: account ? `account|${action}|${account}` : undefined,
  };
};

function lockedError(until: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(seconds) },
  );
}

export function createAuthLimitsService(db: Db, clock: Clock, limits: AuthLimits, log: LimitsLog) {
  const longestWindow = Math.max(limits.pair.windowMs, limits.address.windowMs, limits.account.windowMs);
  const scopes: [LimitScope, AuthLimit][] = [
    ['pair', limits.pair],
    ['address', limits.address],
    ['account', limits.account],
  ];

  return {
    /** Throws 429 (with Retry-After) while any of the attempt's keys is locked — even a right password is refused. */
    async assertAllowed(attempt: Attempt): Promise<void> {
      const keys = Object.values(keysOf(attempt)).filter((k): k is string => k !== undefined);
      const now = clock.now();
      const lock = await repo.findActiveLockout(db, keys, now);
      if (lock) throw lockedError(lock.locked_until, now);
    },

    /** Counts a failure; returns the locks it set (the caller audits them and may warn the owner). */
    async recordFailure(attempt: Attempt): Promise<Lockout[]> {
      const now = clock.now();
      const keys = keysOf(attempt);
      const present = scopes.filter(([scope]) => keys[scope] !== undefined);
      await repo.insertFailures(
        db,
        present.map(([scope]) => keys[scope]!),
        now,
      );
      // Old rows are no longer counted anywhere; dropping them here keeps the table small without a timer.
      await repo.deleteFailuresBefore(db, now - longestWindow);
      await repo.deleteLockoutsBefore(db, now);

      const set: Lockout[] = [];
      for (const [scope, rule] of present) {
        const key = keys[scope]!;
        const failures = await repo.countFailuresSince(db, key, now - rule.windowMs);
        if (failures >= rule.maxFailures) {
          const until = now + rule.lockMs;
          await repo.upsertLockout(db, key, until, now);
          // A lock starts a fresh count: the next lock needs a full new series of failures.
          await repo.deleteFailures(db, key);
          set.push({ scope, until });
        }
      }
      const address = rateLimitAddress(attempt.ip);
      log.warn(
        { action: attempt.action, address, account: attempt.account || undefined },
        'authentication failure',
      );
      for (const lock of set) {
        log.warn(
          {
            action: attempt.action,
            address,
            account: attempt.account || undefined,
            scope: lock.scope,
            until: new Date(lock.until).toISOString(),
          },
          'authentication locked out after repeated failures',
        );
      }
      return set;
    },

    /** A success forgives the pair's earlier typos (but not the address or account counters). */
    async recordSuccess(attempt: Attempt): Promise<void> {
      const key = keysOf(attempt).pair;
      if (key) await repo.deleteFailures(db, key);
    },
  };
}

export type AuthLimitsService = ReturnType<typeof createAuthLimitsService>;
