// The purge jobs as server.ts runs them: timers faked, the app's clock set by the test. Each test
// builds rows on both sides of a rule and proves what the job removes and what it keeps.
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '#shared/constants.ts';
import { describeEachDatabase } from '../testing/harness.ts';
import {
  EXPIRED_AUTH_PURGE_INTERVAL_MS,
  RETENTION_PURGE_INTERVAL_MS,
  startPeriodicJobs,
} from './periodic.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RETENTION_DAYS = 30;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase(
  'periodic purge jobs',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * Starts the jobs, lets `elapsedMs` of timer time pass, and waits for the runs it started. Only
     * the timers are faked: database I/O runs for real, and the app's clock stays where the test put it.
     */
    async function runJobsFor(elapsedMs: number) {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const log = { info: vi.fn(), warn: vi.fn() };
      const stop = startPeriodicJobs(ctx().services, log);
      vi.advanceTimersByTime(elapsedMs);
      await stop();
      vi.useRealTimers();
      expect(log.warn, 'a job failed').not.toHaveBeenCalled();
    }

    /** Logs an admin in and sets when their session started and was last used. */
    async function sessionAt(createdAt: number, lastSeenAt: number) {
      const admin = await ctx().loginAs();
      await ctx()
        .db.updateTable('admin_sessions')
        .set({ created_at: createdAt, last_seen_at: lastSeenAt })
        .where('admin_id', '=', admin.id)
        .execute();
      return admin;
    }

    const sessionOwners = async () =>
      (await ctx().db.selectFrom('admin_sessions').select('admin_id').orderBy('admin_id').execute()).map(
        (row) => row.admin_id,
      );

    it('removes sessions past the idle or the 12-hour limit and keeps every session still usable', async () => {
      const now = ctx().clock.now();
      const busyButOld = await sessionAt(now - SESSION_ABSOLUTE_TIMEOUT_MS - MINUTE, now - 5 * MINUTE);
      const idle = await sessionAt(now - HOUR, now - SESSION_IDLE_TIMEOUT_MS - MINUTE);
      const fresh = await sessionAt(now - HOUR, now - MINUTE);
      // Both limits nearly reached, neither passed.
      const nearlyOver = await sessionAt(
        now - SESSION_ABSOLUTE_TIMEOUT_MS + MINUTE,
        now - SESSION_IDLE_TIMEOUT_MS + MINUTE,
      );

      // Nothing is purged before the job's first run…
      await runJobsFor(EXPIRED_AUTH_PURGE_INTERVAL_MS - MINUTE);
      expect(await sessionOwners()).toEqual([busyButOld.id, idle.id, fresh.id, nearlyOver.id]);
      // …and the first run removes exactly the two that can no longer be used.
      await runJobsFor(EXPIRED_AUTH_PURGE_INTERVAL_MS);
      expect(await sessionOwners()).toEqual([fresh.id, nearlyOver.id]);
      for (const kept of [fresh, nearlyOver]) {
        const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: kept.token });
        expect(me.statusCode).toBe(200);
      }
    });

    it('removes reset tokens that are used or expired and keeps the links that still work', async () => {
      const now = ctx().clock.now();
      const admin = await ctx().loginAs();
      const token = (
        label: string,
        values: { created_at: number; expires_at: number; used_at: number | null },
      ) =>
        ctx()
          .db.insertInto('password_reset_tokens')
          .values({ admin_id: admin.id, token_hash: `${label}-${randomBytes(8).toString('hex')}`, ...values })
          .execute();
      await token('expired', { created_at: now - 2 * HOUR, expires_at: now - HOUR, used_at: null });
      await token('expired-used', {
        created_at: now - 2 * HOUR,
        expires_at: now - HOUR,
        used_at: now - 90 * MINUTE,
      });
      await token('used', {
        created_at: now - 10 * MINUTE,
        expires_at: now + 50 * MINUTE,
        used_at: now - 5 * MINUTE,
      });
      await token('live', { created_at: now - 10 * MINUTE, expires_at: now + 50 * MINUTE, used_at: null });
      await token('last-minute', { created_at: now - 59 * MINUTE, expires_at: now + MINUTE, used_at: null });

      await runJobsFor(EXPIRED_AUTH_PURGE_INTERVAL_MS);

      const left = await ctx().db.selectFrom('password_reset_tokens').select('token_hash').execute();
      expect(left.map((row) => row.token_hash.split('-').slice(0, -1).join('-')).sort()).toEqual([
        'last-minute',
        'live',
      ]);
    });

    it('removes analytics past retention with the rollups and sessions of those days, keeps the rest', async () => {
      const now = ctx().clock.now();
      const trackAt = async (at: number, sessionId: string) => {
        ctx().clock.set(at);
        const response = await ctx().request({
          method: 'POST',
          url: '/api/track',
          headers: { 'user-agent': BROWSER, cookie: `cookie_consent=true; session_id=${sessionId}` },
          payload: { event_type: 'page_view', page: '/', session_id: sessionId },
        });
        expect(response.statusCode).toBe(204);
        ctx().clock.set(now);
      };
      await trackAt(now - (RETENTION_DAYS + 1) * DAY, 'too-old');
      await trackAt(now - (RETENTION_DAYS - 1) * DAY, 'recent');
      await trackAt(now - HOUR, 'today');
      await ctx().services.analytics.flush();

      // The retention purge first runs a minute after start, then daily.
      await runJobsFor(RETENTION_PURGE_INTERVAL_MS / 24);

      const events = await ctx().db.selectFrom('analytics_events').select('session_id').execute();
      expect(events.map((row) => row.session_id).sort()).toEqual(['recent', 'today']);
      const sessions = await ctx().db.selectFrom('analytics_sessions').select('session_id').execute();
      expect(sessions.map((row) => row.session_id).sort()).toEqual(['recent', 'today']);
      const days = await ctx().db.selectFrom('analytics_daily').select('day').orderBy('day').execute();
      expect(days.map((row) => row.day)).toEqual(['2026-05-17', '2026-06-15']);
    });
  },
  { env: { ANALYTICS_RETENTION_DAYS: String(RETENTION_DAYS) } },
);
