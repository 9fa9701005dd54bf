// Migration 0007 replaces the failure rows and lock table with one counter per key. What a running
// site held when it was deployed must carry over: a lock in force still refuses, and failures already
// made still count, so a deploy never hands out a fresh set of guesses.
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuthLimits } from '../../config.ts';
import { migrations } from '../../db/migrate.ts';
import { dialects, TestClock, withEmptyDatabase } from '../../testing/harness.ts';
import { createAuthLimitsService } from './service.ts';

const MINUTE = 60_000;
const LIMITS: AuthLimits = {
  pair: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  address: { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  account: { maxFailures: 100, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
};
const ATTACKER = '203.0.113.7';
const LOCKED_PAIR = `pair|login|${ATTACKER}|owner@example.com`;

/** The tables 0007 replaces, as 0002 made them. */
type OldTables = {
  auth_failures: { key: string; created_at: number };
  auth_lockouts: { key: string; locked_until: number; created_at: number };
};

describe.each(dialects())('migration 0007 [%s]', (dialect) => {
  it('carries locks in force and failures already made over to the new counters, and drops the old tables', async () => {
    await withEmptyDatabase(dialect, async (db) => {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0007-auth-attempt-claims') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const clock = new TestClock();
      const now = clock.now();
      const old = db.withTables<OldTables>();
      await old
        .insertInto('auth_lockouts')
        .values({ key: LOCKED_PAIR, locked_until: now + 10 * MINUTE, created_at: now - 5 * MINUTE })
        .execute();
      await old
        .insertInto('auth_failures')
        .values([
          // A failure racing the lock must not undo it.
          { key: LOCKED_PAIR, created_at: now - 4 * MINUTE },
          ...[10, 6, 1].map((ago) => ({ key: `address|${ATTACKER}`, created_at: now - ago * MINUTE })),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await db.selectFrom('auth_attempts').selectAll().orderBy('key').execute();
      expect(rows).toEqual([
        {
          key: `address|${ATTACKER}`,
          window_started_at: now - 10 * MINUTE,
          attempts: 3,
          locked_until: null,
          refused: 0,
        },
        {
          key: LOCKED_PAIR,
          window_started_at: now - 5 * MINUTE,
          attempts: 0,
          locked_until: now + 10 * MINUTE,
          refused: 1,
        },
      ]);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).toContain('auth_attempts');
      expect(tables).not.toContain('auth_failures');
      expect(tables).not.toContain('auth_lockouts');

      const limits = createAuthLimitsService(db, clock, LIMITS, { warn: () => undefined });
      // The lock still refuses for its remaining time, and is not reported as a new lock.
      const locked = await limits.claim({ action: 'login', ip: ATTACKER, account: 'owner@example.com' });
      expect(locked).toMatchObject({ allowed: false, locks: [], refusal: { statusCode: 429 } });
      expect(!locked.allowed && locked.refusal.headers['retry-after']).toBe(String(10 * 60));
      // The address's three failures still count.
      const next = await limits.claim({ action: 'login', ip: ATTACKER, account: 'other@example.com' });
      expect(next.allowed && next.claim.held.find((h) => h.scope === 'address')?.attempts).toBe(4);
    });
  });
});
