// Issue 18: with the default ANALYTICS_WRITER=thread, accepted events are stored by a worker thread
// through its own connection; the reports read them through the server's. (The refused-row rule is
// proven for both writers in ingestion-failures.test.ts.)
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase(
  'analytics events written by the writer thread',
  (ctx) => {
    const track = (page: string, session: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/track',
        payload: JSON.stringify({ event_type: 'page_view', page, session_id: session }),
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER, cookie: 'cookie_consent=true' },
      });

    it('stores what pages sent, in batches, and the admin summary counts it', async () => {
      for (let i = 0; i < 30; i += 1) expect((await track(`/p${i % 3}`, `s-${i % 10}`)).statusCode).toBe(204);
      // More than one batch: the thread answers each before the next is sent.
      for (let i = 0; i < 2500; i += 1)
        ctx().services.analytics.enqueue({
          event_type: 'button_click',
          page: '/',
          element: 'BOOK THE RANGE',
          section: null,
          session_id: 's-0',
          view_id: null,
          dwell_ms: null,
          referrer: null,
          user_agent: BROWSER,
        });

      // (Queuing a whole batch starts its write at once; flush() waits for it and writes the rest.)
      await ctx().services.analytics.flush();

      const stored = await ctx()
        .db.selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(2530);
      const summary = await ctx().services.analytics.summary(7);
      expect(summary).toMatchObject({ total_page_views: 30, button_clicks: 2500, unique_visitors: 10 });
      expect(ctx().services.analytics.stats()).toMatchObject({ queued: 0, written: 2530, failed_flushes: 0 });
    });

    it('stores every column exactly, whatever characters it holds (PostgreSQL: one array per column)', async () => {
      const awkward = ['quote " and \\ backslash', '{brace}, comma', 'NULL', '', 'émoji 🎯 £5 “quoted”'];
      // What is stored of each event (the user agent aside), which is also what is sent.
      const stored = awkward.map((text, i) => ({
        page: `/${i}`,
        element: text,
        section: null,
        session_id: null,
        view_id: text,
        dwell_ms: i === 0 ? null : 2_000_000_000 + i,
        referrer: i % 2 ? text : null,
      }));
      for (const event of stored)
        ctx().services.analytics.enqueue({ ...event, event_type: 'button_click', user_agent: BROWSER });
      await ctx().services.analytics.flush();

      const rows = await ctx()
        .db.selectFrom('analytics_events')
        .select(['page', 'element', 'section', 'session_id', 'view_id', 'dwell_ms', 'referrer', 'created_at'])
        .orderBy('id')
        .execute();
      expect(rows.map(({ created_at: _, ...row }) => row)).toEqual(stored);
      // Epoch milliseconds (the harness's clock), stored as bigint and read back as a number.
      for (const row of rows) expect(row.created_at).toBeGreaterThan(1_600_000_000_000);
    });

    it('starts again after shutdown closed it, and loses nothing written meanwhile', async () => {
      expect((await track('/before', 's-1')).statusCode).toBe(204);
      await ctx().services.analytics.stop();
      expect(ctx().services.analytics.stats().queued).toBe(0);

      expect((await track('/after', 's-1')).statusCode).toBe(204);
      await ctx().services.analytics.flush();

      const pages = await ctx().db.selectFrom('analytics_events').select('page').orderBy('id').execute();
      expect(pages.map((row) => row.page)).toEqual(['/before', '/after']);
    });
  },
  { env: { ANALYTICS_WRITER: 'thread' } },
);
