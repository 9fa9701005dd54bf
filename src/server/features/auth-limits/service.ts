// Brute-force limits on sign-in, 2FA codes and password reset (issue 3 "Brute-force limits").
// Three counters, all in the database so instances sharing PostgreSQL agree:
//   pair     one account from one address, per action  (5 in 15 min → 15 min lock, by default)
//   address  one address, any account, any action       (20 in 15 min → 15 min block)
//   account  one account from anywhere, per action      (100 in 1 h → 1 h lock)
// The pair lock comes first so an attacker elsewhere can't lock the owner out with a handful of tries.
// Keys are built from the action name the service passes (never the request path), the client
// address Fastify resolved (X-Forwarded-For only counts with TRUST_PROXY) and the normalised account.
// An attempt is claimed before the password or code is checked (issue 15, docs/decisions/0410): each
// claim is one statement that counts it, so attempts sent at once cannot all pass a check made
// before any of them was counted. The caller then ends the claim: failed (it stays counted), given
// back (it was not a failure) or, for a sign-in, succeeded (the pair's earlier typos are forgiven).
import type { AuthLimit, AuthLimits } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
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

/** One counted key of a claim: the window it was counted in and its place in that count. */
interface HeldKey {
  scope: LimitScope;
  key: string;
  windowStartedAt: number;
  attempts: number;
}

/** An attempt counted on every key of its scopes, held until the caller says how it ended. */
export interface Claim {
  attempt: Attempt;
  held: HeldKey[];
}

export type ClaimOutcome =
  | { allowed: true; claim: Claim }
  /** `locks` are the locks this very claim set (the caller records them once), usually none. */
  | { allowed: false; refusal: HttpError; locks: Lockout[] };

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

/** What every function here is given first. */
export interface AuthLimitsDeps {
  db: Db;
  clock: Clock;
  limits: AuthLimits;
  log: LimitsLog;
}

/**
 * The scopes in the order an attempt is counted. The pair first: an attacker elsewhere can't use up
 * the owner's allowance, and an attempt refused for its pair is not counted against the address or
 * the account.
 */
const scopesOf = (limits: AuthLimits): [LimitScope, AuthLimit][] => [
  ['pair', limits.pair],
  ['address', limits.address],
  ['account', limits.account],
];

function logLock(log: LimitsLog, attempt: Attempt, lock: Lockout) {
  log.warn(
    {
      action: attempt.action,
      address: rateLimitAddress(attempt.ip),
      account: attempt.account || undefined,
      scope: lock.scope,
      until: new Date(lock.until).toISOString(),
    },
    'authentication locked out after repeated failures',
  );
}

const giveBackHeld = (db: Db, held: HeldKey[]) =>
  Promise.all(held.map((h) => repo.giveBackAttempt(db, h.key, h.windowStartedAt)));

/**
 * Counts an attempt before its password or code is checked. Refused (429 with Retry-After) while
 * any of its keys is locked, or when its count passes a key's maximum — which locks that key — so
 * even a right password is refused and never checked.
 */
export async function claim(
  { db, clock, limits, log }: AuthLimitsDeps,
  attempt: Attempt,
): Promise<ClaimOutcome> {
  const keys = keysOf(attempt);
  const now = clock.now();
  // Most refusals meet a lock already set: answered with one read, and counted nowhere.
  const lock = await repo.findActiveLock(
    db,
    Object.values(keys).filter((k): k is string => k !== undefined),
    now,
  );
  if (lock?.locked_until) return { allowed: false, refusal: lockedError(lock.locked_until, now), locks: [] };

  const held: HeldKey[] = [];
  for (const [scope, rule] of scopesOf(limits)) {
    const key = keys[scope];
    if (key === undefined) continue;
    const count = await repo.claimAttempt(db, key, now, rule);
    if (count.locked_until !== null && count.locked_until > now) {
      // Refused here: the keys already counted give the attempt back, as it is checked nowhere.
      await giveBackHeld(db, held);
      const locks = count.refused === 0 ? [{ scope, until: count.locked_until }] : [];
      for (const set of locks) logLock(log, attempt, set);
      return { allowed: false, refusal: lockedError(count.locked_until, now), locks };
    }
    held.push({ scope, key, windowStartedAt: count.window_started_at, attempts: count.attempts });
  }
  return { allowed: true, claim: { attempt, held } };
}

/** Like `claim`, for callers with no locks to record: throws the refusal. */
export async function claimOrRefuse(deps: AuthLimitsDeps, attempt: Attempt): Promise<Claim> {
  const outcome = await claim(deps, attempt);
  if (!outcome.allowed) throw outcome.refusal;
  return outcome.claim;
}

/**
 * The attempt failed: it stays counted. A failure that used a key's last allowance locks that key
 * now. Returns the locks it set (the caller audits them and may warn the owner).
 */
export async function failed({ db, clock, limits, log }: AuthLimitsDeps, claimed: Claim): Promise<Lockout[]> {
  const now = clock.now();
  const set: Lockout[] = [];
  for (const held of claimed.held) {
    const rule = limits[held.scope];
    if (held.attempts < rule.maxFailures) continue;
    const locked = await repo.lockAtMaximum(
      db,
      held.key,
      held.windowStartedAt,
      rule.maxFailures,
      now + rule.lockMs,
    );
    if (locked?.locked_until) set.push({ scope: held.scope, until: locked.locked_until });
  }
  // Rows past every window count nothing; dropping them here keeps the table small without a timer.
  const longestWindow = Math.max(limits.pair.windowMs, limits.address.windowMs, limits.account.windowMs);
  await repo.deleteStale(db, now - longestWindow, now);

  const { attempt } = claimed;
  log.warn(
    { action: attempt.action, address: rateLimitAddress(attempt.ip), account: attempt.account || undefined },
    'authentication failure',
  );
  for (const lock of set) logLock(log, attempt, lock);
  return set;
}

/** The attempt was not a failure (e.g. the right password, asked for its 2FA code): not counted. */
export async function giveBack({ db }: AuthLimitsDeps, claimed: Claim): Promise<void> {
  await giveBackHeld(db, claimed.held);
}

/**
 * A sign-in succeeded: it is not counted, and it forgives the pair's earlier typos — but not the
 * address or account counters, which other people's guesses may have raised.
 */
export async function succeeded({ db }: AuthLimitsDeps, claimed: Claim): Promise<void> {
  await Promise.all(
    claimed.held.map((h) =>
      h.scope === 'pair'
        ? repo.forgetAttempts(db, h.key)
        : repo.giveBackAttempt(db, h.key, h.windowStartedAt),
    ),
  );
}

/** The limits bound to one database, clock and configuration (docs/decisions/0425). */
export function createAuthLimitsService(db: Db, clock: Clock, limits: AuthLimits, log: LimitsLog) {
  const bind = bindDeps<AuthLimitsDeps>({ db, clock, limits, log });
  return {
    claim: bind(claim),
    claimOrRefuse: bind(claimOrRefuse),
    failed: bind(failed),
    giveBack: bind(giveBack),
    succeeded: bind(succeeded),
  };
}

export type AuthLimitsService = ReturnType<typeof createAuthLimitsService>;
