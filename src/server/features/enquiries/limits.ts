// Limits on the public enquiry form (issue 9; docs/decisions/0402):
//   submissions       per client address (ENQUIRY_RATE_LIMIT_*), in the database so every instance
//                     agrees, keyed like the login limits (IPv6 /64, IPv4-mapped folded, X-Forwarded-For
//                     only with TRUST_PROXY since the address is Fastify's request.ip)
//   acknowledgements  per recipient mailbox (3 per 24 h), in the database, so the form cannot be used
//                     to mail a stranger over and over
//   captcha challenges per client address, in memory: a challenge costs this instance a little CPU and
//                     nothing else, and counting it in the database would make a cheap route costly
import { VISITOR_ACKNOWLEDGEMENT_LIMIT } from '#shared/constants.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import type { Db } from '../../db/database.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createWindowLimiter, retryAfterSeconds } from '../../lib/window-limiter.ts';
import * as repo from './repository.ts';
import { acknowledgementKey } from '../../lib/mailbox.ts';

/** Challenges are cheap to make but not free; a person needs a few per visit. */
const CHALLENGES_PER_MINUTE = 30;
/** Blocked addresses this instance remembers, so a flood is refused without asking the database. */
const BLOCKS_KEPT = 10_000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export interface WindowRule {
  max: number;
  windowMs: number;
}

/** A use counted against a limit; giving it back (the mail could not be sent) frees the slot. */
export interface Slot {
  release(): Promise<void>;
}

const tooMany = (what: string, waitMs: number) => {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  return new HttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many ${what} from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': retryAfterSeconds(waitMs) },
  );
};

export function createEnquiryLimits(db: Db, clock: Clock, submissions: WindowRule) {
  const acknowledgements: WindowRule = {
    max: VISITOR_ACKNOWLEDGEMENT_LIMIT.max,
    windowMs: VISITOR_ACKNOWLEDGEMENT_LIMIT.windowHours * HOUR_MS,
  };
  const challenges = createWindowLimiter(clock, { max: CHALLENGES_PER_MINUTE, windowMs: MINUTE_MS });
  // Until when each address is known to be over its enquiry limit. Nothing frees an enquiry slot
  // early, so until then the answer can only be 429: no need to ask the database again.
  const blockedUntil = new Map<string, number>();

  /**
   * Counts one use of `key` if the rule allows it, or answers how long until a use is free. Count and
   * insert run in one transaction holding a lock on the key, so instances racing for the last slot
   * take turns: the limit is never exceeded, and a refused request leaves nothing behind.
   */
  async function take(key: string, rule: WindowRule): Promise<Slot | { waitMs: number }> {
    const now = clock.now();
    await repo.deleteExpiredLimitHits(db, now);
    return db.transaction().execute(async (trx) => {
      await repo.lockLimitKey(trx, key, now);
      const { count, oldest } = await repo.countLimitHitsSince(trx, key, now - rule.windowMs);
      if (count >= rule.max) return { waitMs: (oldest ?? now) + rule.windowMs - now };
      const id = await repo.insertLimitHit(trx, key, now, now + rule.windowMs);
      return { release: async () => void (await repo.deleteLimitHit(db, id)) };
    });
  }

  return {
    /** Throws 429 (with Retry-After) when this client address has sent its enquiries for the window. */
    async admitSubmission(ip: string): Promise<void> {
      const key = `enquiry|${rateLimitAddress(ip)}`;
      const now = clock.now();
      const until = blockedUntil.get(key) ?? 0;
      // (A clock set back makes `until` too far off to trust: ask the database again.)
      if (until > now && until - now <= submissions.windowMs) throw tooMany('enquiries', until - now);
      const result = await take(key, submissions);
      if ('waitMs' in result) {
        if (blockedUntil.size >= BLOCKS_KEPT) blockedUntil.clear();
        blockedUntil.set(key, now + result.waitMs);
        throw tooMany('enquiries', result.waitMs);
      }
    },

    /** Throws 429 when this client address has fetched too many captcha challenges this minute. */
    admitChallenge(ip: string): void {
      const waitMs = challenges.hit(rateLimitAddress(ip));
      if (waitMs > 0) throw tooMany('verification requests', waitMs);
    },

    /** A slot for one acknowledgement to `email`, or null when that mailbox has had its share. */
    async takeAcknowledgement(email: string): Promise<Slot | null> {
      const result = await take(acknowledgementKey(email), acknowledgements);
      return 'waitMs' in result ? null : result;
    },
  };
}

export type EnquiryLimits = ReturnType<typeof createEnquiryLimits>;
