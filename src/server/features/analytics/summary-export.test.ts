// Issue 28, item 10 (docs/decisions/0442): beside the raw events, the Analytics screen as a file —
// its four totals, page views per day, section engagement and bookings by source, in its words.
import { expect, it } from 'vitest';
import { storeEnquiry } from '../../testing/enquiries.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { eventAt } from '../../testing/analytics-events.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function addEnquiry(ctx: TestContext, utmSource: string | null, status = 'new') {
  await storeEnquiry(ctx.db, ctx.clock.now() - HOUR, { status, source_utm_source: utmSource });
}

describeEachDatabase('the analytics summary as CSV', (ctx) => {
  const get = async (url: string) =>
    ctx().request({ method: 'GET', url, token: (await ctx().loginAs()).token });

  it('holds what the screen shows for the period, table by table, in its words', async () => {
    const now = ctx().clock.now(); // Monday 15 June 2026, 13:00 in London
    eventAt(ctx(), now - 2 * HOUR, { session_id: 'a', source: 'google.co.uk' });
    eventAt(ctx(), now - 1 * DAY, { session_id: 'b', source: 'google.com' });
    eventAt(ctx(), now - 1 * DAY, { session_id: 'c', source: 'direct' });
    eventAt(ctx(), now - 1 * HOUR, { event_type: 'button_click', session_id: 'b', element: 'BOOK' });
    eventAt(ctx(), now, {
      event_type: 'section_dwell',
      session_id: 'a',
      section: 'game-modes',
      dwell_ms: 31_000,
    });
    eventAt(ctx(), now, {
      event_type: 'section_dwell',
      session_id: 'b',
      section: 'action-gallery',
      dwell_ms: 8000,
    });
    eventAt(ctx(), now - 10 * DAY, { session_id: 'old' }); // before the period
    await ctx().services.analytics.flush();
    await addEnquiry(ctx(), 'google', 'booked');
    await addEnquiry(ctx(), null);

    const response = await get('/api/admin/analytics/summary/export?days=7');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="analytics-summary_7-days_2026-06-15.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')).toEqual([
      'Website analytics summary,Last 7 days,2026-06-09 to 2026-06-15',
      '',
      'Total,Value',
      'Total Page Views,3',
      'Unique Visitors,3',
      'Button Clicks,1',
      'Form Submissions,0',
      '',
      'Day,Page views',
      '2026-06-09,0',
      '2026-06-10,0',
      '2026-06-11,0',
      '2026-06-12,0',
      '2026-06-13,0',
      '2026-06-14,2',
      '2026-06-15,1',
      '',
      'Section,Average seconds',
      'Game modes,31.0',
      'Action gallery,8.0',
      '',
      'Source,Visitors,Enquiries,Visitor → enquiry %,Booked,Booked %,Confirmed,Quoted £,Received £',
      'Google,2,1,50,1,100,0,0.00,0.00',
      'Direct or unknown,1,1,100,0,0,0,0.00,0.00',
      'All sources,3,2,67,1,50,0,0.00,0.00',
      '',
    ]);
  });

  it('folds sources past the top ones as the screen does, and says when none had an enquiry', async () => {
    await ctx()
      .db.insertInto('analytics_sessions_by_source')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          last_day: '2026-06-15',
          source: `shop-${i + 10}`,
          sessions: 1,
        })),
      )
      .execute();
    const lines = (await get('/api/admin/analytics/summary/export?days=7')).body.split('\r\n');
    const sources = lines.slice(
      lines.indexOf(
        'Source,Visitors,Enquiries,Visitor → enquiry %,Booked,Booked %,Confirmed,Quoted £,Received £',
      ),
    );
    expect(sources).toHaveLength(1 + 25 + 2 + 1);
    expect(sources.at(-3)).toBe('Other sources (5),5,0,0,0,,0,0.00,0.00');
    expect(sources.at(-2)).toBe('All sources,30,0,0,0,,0,0.00,0.00');
  });

  it('asks for an admin and one of the report periods', async () => {
    expect(
      (await ctx().request({ method: 'GET', url: '/api/admin/analytics/summary/export' })).statusCode,
    ).toBe(401);
    const wrong = await get('/api/admin/analytics/summary/export?days=5');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toContain('must be one of 7, 14, 30, 90');
  });
});
