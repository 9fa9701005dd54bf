import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { eventAt } from '../../testing/analytics-events.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { csvCell } from '../../lib/csv.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const trackBodies = {
  page_view: {
    event_type: 'page_view',
    page: '/',
    element: null,
    session_id: 's-1',
    referrer: 'https://www.google.com/',
    user_agent: BROWSER,
  },
  button_click: {
    event_type: 'button_click',
    page: '/',
    element: 'BOOK THE RANGE',
    session_id: 's-1',
    user_agent: BROWSER,
  },
  form_submit: { event_type: 'form_submit', page: '/', element: 'contact', session_id: 's-1' },
  section_view: {
    event_type: 'section_view',
    page: '/',
    element: 'gallery',
    session_id: 's-1',
    view_id: 'v-9',
    dwell_ms: 7300,
  },
} as const;
const sectionBodies = {
  section_impression: {
    event_type: 'section_impression',
    section_name: 'hero',
    session_id: 's-1',
    dwell_ms: null,
    page: '/',
    referrer: null,
  },
  section_dwell: {
    event_type: 'section_dwell',
    section_name: 'hero',
    session_id: 's-1',
    dwell_ms: 4200,
    page: '/',
    referrer: null,
  },
} as const;

type Body = Record<string, unknown>;
const contentTypes = ['application/json', 'text/plain;charset=UTF-8'] as const;
/** What a browser that accepted cookies sends with every tracking call (docs/product.md#consent). */
const CONSENTED = 'cookie_consent=true';

function post(
  ctx: TestContext,
  url: string,
  body: Body | string,
  contentType: string = 'application/json',
  userAgent = BROWSER,
  options: { cookie?: string | null; ip?: string } = {},
) {
  const cookie = options.cookie === undefined ? CONSENTED : options.cookie;
  return ctx.request({
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': contentType, 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

describeEachDatabase('analytics ingestion', (ctx) => {
  for (const contentType of contentTypes) {
    it(`accepts every event type as ${contentType}, stamped with the server's time`, async () => {
      for (const body of Object.values(trackBodies)) {
        const response = await post(ctx(), '/api/track', { ...body, timestamp: 1 }, contentType);
        expect(response.statusCode, response.body).toBe(204);
        expect(response.body).toBe('');
      }
      for (const body of Object.values(sectionBodies)) {
        const response = await post(ctx(), '/api/analytics/track', body, contentType);
        expect(response.statusCode, response.body).toBe(204);
      }
      expect(await ctx().services.analytics.flush()).toBe(6);
      const rows = await ctx().db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
      expect(rows.map((r) => r.event_type)).toEqual([
        'page_view',
        'button_click',
        'form_submit',
        'section_view',
        'section_impression',
        'section_dwell',
      ]);
      expect(rows.every((r) => r.created_at === ctx().clock.now())).toBe(true);
      expect(rows[1]).toMatchObject({ element: 'BOOK THE RANGE', session_id: 's-1', user_agent: BROWSER });
      expect(rows[3]).toMatchObject({ element: 'gallery', view_id: 'v-9', dwell_ms: 7300 });
      expect(rows[4]).toMatchObject({ section: 'hero', dwell_ms: null });
      expect(rows[5]).toMatchObject({ section: 'hero', dwell_ms: 4200 });
      // The client's address is never stored: no column holds it, and no value equals it.
      expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    });
  }

  it('takes the session from the consent cookie when the body has none', async () => {
    const response = await ctx().request({
      method: 'POST',
      url: '/api/analytics/track',
      payload: JSON.stringify({ ...sectionBodies.section_impression, session_id: null }),
      headers: {
        'content-type': 'text/plain',
        'user-agent': BROWSER,
        cookie: 'cookie_consent=true; session_id=from-cookie',
      },
    });
    expect(response.statusCode).toBe(204);
    await ctx().services.analytics.flush();
    expect(await ctx().db.selectFrom('analytics_events').select('session_id').execute()).toEqual([
      { session_id: 'from-cookie' },
    ]);
  });

  it('removes control characters from what it stores, so a NUL cannot fail a PostgreSQL batch', async () => {
    const tracked = await post(ctx(), '/api/track', {
      ...trackBodies.button_click,
      page: '\u0000=cmd',
      element: 'BOOK\u0000 THE\u0007 RANGE',
      session_id: 's-\u00001',
      referrer: 'https://example.com/\r\nX-Injected: 1',
      user_agent: `${BROWSER}\u0000`,
    });
    expect(tracked.statusCode).toBe(204);
    const section = await post(ctx(), '/api/analytics/track', {
      ...sectionBodies.section_dwell,
      section_name: '\u0000hero\u009b',
    });
    expect(section.statusCode).toBe(204);
    const empty = await post(ctx(), '/api/analytics/track', {
      ...sectionBodies.section_dwell,
      section_name: '\u0000\u0001',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toContain('section_name');

    expect(await ctx().services.analytics.flush()).toBe(2);
    const rows = await ctx().db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
    expect(rows[0]).toMatchObject({
      page: '=cmd',
      element: 'BOOK THE RANGE',
      session_id: 's-1',
      referrer: 'https://example.com/X-Injected: 1',
      user_agent: BROWSER,
    });
    expect(rows[1]).toMatchObject({ section: 'hero' });
  });

  it('refuses bodies over 16 KB with 413, on both routes and content types', async () => {
    const big = { ...trackBodies.page_view, page: `/${'x'.repeat(17 * 1024)}` };
    for (const url of ['/api/track', '/api/analytics/track']) {
      for (const contentType of contentTypes) {
        const response = await post(ctx(), url, big, contentType);
        expect(response.statusCode, `${url} ${contentType}`).toBe(413);
        expect(response.json()).toMatchObject({ detail: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
      }
    }
    expect(ctx().services.analytics.stats().queued).toBe(0);
  });

  it('answers 400 naming the problem for bad input, and stores nothing', async () => {
    const cases: [string, Body | string, string, string][] = [
      ['/api/track', { ...trackBodies.page_view, event_type: 'page_exit' }, 'application/json', 'event_type'],
      ['/api/track', { page: '/' }, 'application/json', 'event_type'],
      ['/api/track', 'not json at all', 'text/plain', 'JSON'],
      ['/api/track', '{"event_type":', 'application/json', 'JSON'],
      ['/api/track', { ...trackBodies.page_view, session_id: 42 }, 'text/plain', 'session_id'],
      [
        '/api/analytics/track',
        { ...sectionBodies.section_dwell, event_type: 'page_view' },
        'application/json',
        'event_type',
      ],
      [
        '/api/analytics/track',
        { ...sectionBodies.section_dwell, dwell_ms: -1 },
        'application/json',
        'dwell_ms',
      ],
      [
        '/api/analytics/track',
        { ...sectionBodies.section_dwell, dwell_ms: DAY + 1 },
        'text/plain',
        'dwell_ms',
      ],
      [
        '/api/analytics/track',
        { ...sectionBodies.section_dwell, dwell_ms: null },
        'application/json',
        'dwell_ms',
      ],
      [
        '/api/analytics/track',
        { ...sectionBodies.section_dwell, section_name: '' },
        'application/json',
        'section_name',
      ],
    ];
    for (const [url, body, contentType, named] of cases) {
      const response = await post(ctx(), url, body, contentType);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(named);
    }
    // A full day of dwell is the most accepted.
    expect(
      (await post(ctx(), '/api/analytics/track', { ...sectionBodies.section_dwell, dwell_ms: DAY }))
        .statusCode,
    ).toBe(204);
    expect(await ctx().services.analytics.flush()).toBe(1);
  });

  it('stores nothing without the consent cookie: answers 204 and counts it as no_consent', async () => {
    const before = ctx().services.analytics.stats();
    const refusals = [null, 'cookie_consent=false', 'session_id=s-1', 'cookie_consent=TRUE', 'consent=true'];
    for (const cookie of refusals) {
      for (const [url, body] of [
        ['/api/track', trackBodies.page_view],
        ['/api/analytics/track', sectionBodies.section_dwell],
      ] as const) {
        const response = await post(ctx(), url, body, 'text/plain', BROWSER, { cookie });
        expect(response.statusCode, `${url} ${cookie}`).toBe(204);
        expect(response.body).toBe('');
      }
    }
    const counted = () => {
      const now = ctx().services.analytics.stats();
      return { no_consent: now.no_consent - before.no_consent, accepted: now.accepted - before.accepted };
    };
    expect(counted()).toEqual({ no_consent: 10, accepted: 0 });
    expect(await ctx().services.analytics.flush()).toBe(0);

    // The consent cookie among others is enough.
    const consented = await post(ctx(), '/api/track', trackBodies.page_view, 'text/plain', BROWSER, {
      cookie: 'theme=dark; cookie_consent=true; session_id=s-1',
    });
    expect(consented.statusCode).toBe(204);
    expect(await ctx().services.analytics.flush()).toBe(1);
    expect(counted()).toEqual({ no_consent: 10, accepted: 1 });
  });

  it('drops obvious bots and headless browsers quietly and counts them', async () => {
    const before = ctx().services.analytics.stats().dropped_bots;
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      // Headless browsers are automation, never a visitor (the e2e suite presents a desktop Chrome).
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      '',
    ];
    for (const agent of bots) {
      expect(
        (await post(ctx(), '/api/track', trackBodies.page_view, 'application/json', agent)).statusCode,
      ).toBe(204);
    }
    // A bot user agent inside the event counts too.
    const inBody = { ...trackBodies.page_view, user_agent: 'AhrefsBot/7.0' };
    expect((await post(ctx(), '/api/track', inBody)).statusCode).toBe(204);
    expect(ctx().services.analytics.stats().dropped_bots - before).toBe(5);
    expect(await ctx().services.analytics.flush()).toBe(0);
  });

  it('only the tracking routes read text/plain as JSON', async () => {
    const response = await ctx().request({
      method: 'POST',
      url: '/api/enquiries',
      payload: JSON.stringify({ name: 'a' }),
      headers: { 'content-type': 'text/plain' },
    });
    // Without our parser the body stays a string, so the error is not about a missing field.
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).not.toMatch(
      /^(name|email|organisation|message|recaptchaToken):/,
    );
  });

  it('app.close() writes what is still queued', async () => {
    const mailer: Mailer = { send: async () => undefined, close: async () => undefined };
    const { app } = await buildApp({
      config: ctx().config,
      db: ctx().db,
      clock: ctx().clock,
      mailer,
      webRoot: path.join(ctx().config.uploadDir, 'no-web'),
    });
    for (let i = 0; i < 25; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/track',
        payload: { ...trackBodies.page_view, session_id: `close-${i}` },
        headers: { 'user-agent': BROWSER, cookie: CONSENTED },
      });
      expect(response.statusCode).toBe(204);
    }
    await app.close();
    const { n } = await ctx()
      .db.selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(25);
  });
});

describeEachDatabase(
  'analytics ingestion under pressure',
  (ctx) => {
    it('answers 503 with Retry-After when the queue is full, counts the drop, and loses nothing accepted', async () => {
      const analytics = ctx().services.analytics;
      await analytics.stop(); // no timer flush in the middle of this test
      try {
        for (let i = 0; i < 3; i += 1) {
          expect(
            (await post(ctx(), '/api/track', { ...trackBodies.page_view, session_id: `p-${i}` })).statusCode,
          ).toBe(204);
        }
        const refused = await post(ctx(), '/api/analytics/track', sectionBodies.section_dwell, 'text/plain');
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toEqual({ detail: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
        expect(analytics.stats()).toMatchObject({ queued: 3, dropped_queue_full: 1 });

        expect(await analytics.flush()).toBe(3);
        expect((await post(ctx(), '/api/track', trackBodies.page_view)).statusCode).toBe(204);
        expect(await analytics.flush()).toBe(1);
        const sessions = await ctx()
          .db.selectFrom('analytics_events')
          .select('session_id')
          .orderBy('id')
          .execute();
        expect(sessions.map((s) => s.session_id)).toEqual(['p-0', 'p-1', 'p-2', 's-1']);
      } finally {
        analytics.startFlushing();
      }
    });
  },
  { env: { ANALYTICS_QUEUE_LIMIT: '3' } },
);

describeEachDatabase(
  'analytics per-client limits',
  (ctx) => {
    const from = (ip: string, session: string, url = '/api/track') =>
      post(
        ctx(),
        url,
        url === '/api/track'
          ? { ...trackBodies.page_view, session_id: session }
          : { ...sectionBodies.section_dwell, session_id: session },
        'text/plain',
        BROWSER,
        { ip },
      ).then((r) => {
        if (r.statusCode === 429) {
          expect(r.json()).toEqual({ detail: expect.stringContaining('Too many'), code: 'RATE_LIMITED' });
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
        return r.statusCode;
      });

    it('one session id: 3 events a minute, over both routes; then 429 until the minute is over', async () => {
      const limitedBefore = ctx().services.analytics.stats().limited;
      const statuses = [];
      for (let i = 0; i < 2; i += 1) statuses.push(await from('203.0.113.7', 'greedy'));
      statuses.push(await from('203.0.113.7', 'greedy', '/api/analytics/track'));
      statuses.push(await from('203.0.113.7', 'greedy'));
      expect(statuses).toEqual([204, 204, 204, 429]);
      // A visitor's own session (another id at another address) is not affected.
      expect(await from('198.51.100.20', 'someone-else')).toBe(204);
      expect(ctx().services.analytics.stats().limited - limitedBefore).toBe(1);
      expect(await ctx().services.analytics.flush()).toBe(4);

      ctx().clock.advance(60_000);
      expect(await from('203.0.113.7', 'greedy')).toBe(204);
      expect(await ctx().services.analytics.flush()).toBe(1);
    });

    it('one address: 5 events a minute whatever the session ids; an IPv6 /64 is one address', async () => {
      const limitedBefore = ctx().services.analytics.stats().limited;
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push(await from('203.0.113.8', `invented-${i}`));
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
      // IPv4-mapped IPv6 is the same client.
      expect(await from('::ffff:203.0.113.8', 'invented-7')).toBe(429);

      const v6 = [];
      for (let i = 1; i <= 6; i += 1) v6.push(await from(`2001:db8:1:2::${i.toString(16)}`, `v6-${i}`));
      expect(v6).toEqual([204, 204, 204, 204, 204, 429]);
      expect(await from('2001:db8:1:2:ffff:ffff:ffff:fffe', 'v6-7')).toBe(429);
      expect(await from('2001:db8:1:3::1', 'next-door')).toBe(204);

      expect(ctx().services.analytics.stats().limited - limitedBefore).toBe(4);
      // Refused events were never queued.
      expect(await ctx().services.analytics.flush()).toBe(11);
    });
  },
  { env: { TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: '5', TRACK_SESSION_RATE_LIMIT_PER_MINUTE: '3' } },
);

describeEachDatabase('analytics reports', (ctx) => {
  // One admin per test (tables are emptied between tests).
  let session: { test: string | undefined; token: string } | undefined;
  const get = async (url: string) => {
    const test = expect.getState().currentTestName;
    let current = session;
    if (!current || current.test !== test) {
      current = { test, token: (await ctx().loginAs()).token };
      session = current;
    }
    return ctx().request({ method: 'GET', url, token: current.token });
  };

  it('summarises a period: counts, visitors by session, section averages ranked', async () => {
    const now = ctx().clock.now(); // 2026-06-15 13:00 London
    eventAt(ctx(), now - 2 * HOUR, { event_type: 'page_view', session_id: 'a' });
    eventAt(ctx(), now - 3 * DAY, { event_type: 'page_view', session_id: 'a' });
    eventAt(ctx(), now - 1 * DAY, { event_type: 'page_view', session_id: 'b' });
    eventAt(ctx(), now - 1 * DAY, { event_type: 'page_view', session_id: null });
    eventAt(ctx(), now - 1 * HOUR, {
      event_type: 'button_click',
      session_id: 'b',
      element: 'BOOK THE RANGE',
    });
    eventAt(ctx(), now - 1 * HOUR, { event_type: 'form_submit', session_id: 'b' });
    eventAt(ctx(), now - 1 * HOUR, { event_type: 'section_impression', session_id: 'b', section: 'hero' });
    eventAt(ctx(), now, { event_type: 'section_dwell', session_id: 'b', section: 'hero', dwell_ms: 2000 });
    eventAt(ctx(), now, { event_type: 'section_dwell', session_id: 'a', section: 'hero', dwell_ms: 3100 });
    eventAt(ctx(), now, {
      event_type: 'section_dwell',
      session_id: 'a',
      section: 'gallery',
      dwell_ms: 12_345,
    });
    eventAt(ctx(), now, { event_type: 'section_dwell', session_id: 'a', section: 'contact', dwell_ms: 0 });
    // Ten days ago: outside a 7-day period, inside 14 days.
    eventAt(ctx(), now - 10 * DAY, { event_type: 'page_view', session_id: 'c' });
    eventAt(ctx(), now - 10 * DAY, {
      event_type: 'section_dwell',
      session_id: 'c',
      section: 'hero',
      dwell_ms: 60_000,
    });
    await ctx().services.analytics.flush();

    const week = await get('/api/admin/analytics/summary?days=7');
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json()).toEqual({
      success: true,
      summary: {
        total_page_views: 4,
        unique_visitors: 2,
        button_clicks: 1,
        form_submissions: 1,
        section_engagement: [
          { section: 'gallery', avg_time: 12.3 },
          { section: 'hero', avg_time: 2.6 },
          { section: 'contact', avg_time: 0 },
        ],
      },
    });
    const fortnight = (await get('/api/admin/analytics/summary?days=14')).json<{
      summary: Record<string, unknown>;
    }>();
    expect(fortnight.summary).toMatchObject({
      total_page_views: 5,
      unique_visitors: 3,
      section_engagement: [
        { section: 'hero', avg_time: 21.7 },
        { section: 'gallery', avg_time: 12.3 },
        { section: 'contact', avg_time: 0 },
      ],
    });
  });

  it('accepts only the offered periods, spelled plainly', async () => {
    for (const days of ['5', '07', '0x7', '7.0', '7e0', ' 7', 'abc', '']) {
      for (const report of ['summary', 'chart-data', 'export']) {
        const response = await get(`/api/admin/analytics/${report}?days=${encodeURIComponent(days)}`);
        expect(response.statusCode, `${report} ${days}`).toBe(400);
        expect(response.json<{ detail: string }>().detail).toContain('must be one of 7, 14, 30, 90');
      }
    }
    expect((await get('/api/admin/analytics/summary?days=90')).statusCode).toBe(200);
  });

  it('charts one row per London day, oldest first, zeros included', async () => {
    const now = ctx().clock.now();
    eventAt(ctx(), now, { event_type: 'page_view' });
    eventAt(ctx(), now, { event_type: 'page_view' });
    eventAt(ctx(), now - 2 * DAY, { event_type: 'page_view' });
    eventAt(ctx(), now - 2 * DAY, { event_type: 'button_click' });
    eventAt(ctx(), now - 7 * DAY, { event_type: 'page_view' }); // the day before a 7-day period
    await ctx().services.analytics.flush();

    const response = await get('/api/admin/analytics/chart-data?days=7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      chart_data: [
        { date: '2026-06-09', views: 0 },
        { date: '2026-06-10', views: 0 },
        { date: '2026-06-11', views: 0 },
        { date: '2026-06-12', views: 0 },
        { date: '2026-06-13', views: 1 },
        { date: '2026-06-14', views: 0 },
        { date: '2026-06-15', views: 2 },
      ],
    });
    const quarter = (await get('/api/admin/analytics/chart-data?days=90')).json<{
      chart_data: { date: string }[];
    }>();
    expect(quarter.chart_data).toHaveLength(90);
    expect(quarter.chart_data[0]?.date).toBe('2026-03-18');
  });

  it('counts days in Europe/London across both clock changes', async () => {
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    for (const at of [
      '2026-03-28T23:30:00Z',
      '2026-03-29T00:30:00Z',
      '2026-03-29T23:30:00Z',
      '2026-03-29T22:59:00Z',
    ]) {
      eventAt(ctx(), Date.parse(at), { event_type: 'page_view' });
    }
    for (const at of [
      '2026-10-24T22:30:00Z',
      '2026-10-24T23:30:00Z',
      '2026-10-25T23:30:00Z',
      '2026-10-26T00:30:00Z',
    ]) {
      eventAt(ctx(), Date.parse(at), { event_type: 'page_view' });
    }
    await ctx().services.analytics.flush();

    ctx().clock.set(Date.parse('2026-03-31T12:00:00Z'));
    session = undefined; // the jump in time outlives the admin session
    const march = (await get('/api/admin/analytics/chart-data?days=7')).json<{
      chart_data: { date: string; views: number }[];
    }>();
    expect(march.chart_data.filter((d) => d.views > 0)).toEqual([
      { date: '2026-03-28', views: 1 }, // 23:30 GMT
      { date: '2026-03-29', views: 2 }, // 00:30 GMT and 23:59 BST
      { date: '2026-03-30', views: 1 }, // 00:30 BST is already the 30th
    ]);

    ctx().clock.set(Date.parse('2026-10-27T12:00:00Z'));
    session = undefined; // the jump in time outlives the admin session
    const october = (await get('/api/admin/analytics/chart-data?days=7')).json<{
      chart_data: { date: string; views: number }[];
    }>();
    expect(october.chart_data.filter((d) => d.views > 0)).toEqual([
      { date: '2026-10-24', views: 1 }, // 23:30 BST
      { date: '2026-10-25', views: 2 }, // 00:30 BST and 23:30 GMT
      { date: '2026-10-26', views: 1 },
    ]);

    // Just after London midnight in summer, "today" is already the next day.
    ctx().clock.set(Date.parse('2026-06-15T23:30:00Z'));
    session = undefined; // the jump in time outlives the admin session
    const summer = (await get('/api/admin/analytics/chart-data?days=7')).json<{
      chart_data: { date: string }[];
    }>();
    expect(summer.chart_data.at(-1)?.date).toBe('2026-06-16');
  });

  it('exports the period as an RFC 4180 CSV attachment with formulas defused', async () => {
    const now = ctx().clock.now();
    eventAt(ctx(), now - 8 * DAY, { event_type: 'page_view', page: '/too-old' });
    eventAt(ctx(), now - HOUR, {
      event_type: 'button_click',
      page: '=HYPERLINK("http://evil.example","click")',
      element: '+44 1234',
      session_id: '@s',
      referrer: 'https://example.com/?a=1,b="2"',
      user_agent: 'line one\r\nline two',
    });
    eventAt(ctx(), now, {
      event_type: 'section_dwell',
      section: '-hero',
      dwell_ms: 1500,
      // Stored before intake stripped control characters (PostgreSQL could never hold the NUL itself).
      page: "\u001b=cmd|' /C calc'!A0",
    });
    await ctx().services.analytics.flush();

    const response = await get('/api/admin/analytics/export?days=7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="analytics_2026-06-15.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'timestamp,date,event_type,page,element,section,session_id,view_id,dwell_ms,referrer,user_agent',
    );
    // Header, two rows and the empty string after the last line end: no value added a line.
    expect(lines).toHaveLength(4);
    expect(response.body).not.toContain('/too-old');
    expect(response.body).toContain(
      `2026-06-15T11:00:00.000Z,2026-06-15,button_click,"'=HYPERLINK(""http://evil.example"",""click"")",'+44 1234,,'@s,,,` +
        `"https://example.com/?a=1,b=""2""",line oneline two\r\n`,
    );
    // Control characters go before the formula check, so none can hide a formula behind it.
    expect(response.body).toContain(`,section_dwell,'=cmd|' /C calc'!A0,,'-hero,,,1500,,`);
    expect(response.body.endsWith('\r\n')).toBe(true);
    expect(csvCell('\0=cmd')).toBe(`'=cmd`);
    expect(csvCell('\t\r\n+1')).toBe(`'+1`);
    expect(csvCell('\u007f\u009b@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('\u0007-2')).toBe(`'-2`);
    expect(csvCell('plain, with "quotes"')).toBe(`"plain, with ""quotes"""`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('streams a large export in pages without losing or repeating a row', async () => {
    const now = ctx().clock.now();
    for (let i = 0; i < 2500; i += 1)
      eventAt(ctx(), now - (i % 3), { event_type: 'page_view', session_id: `s${i}` });
    await ctx().services.analytics.flush();
    const body = (await get('/api/admin/analytics/export?days=7')).body;
    const sessions = body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[6]);
    expect(sessions).toHaveLength(2500);
    expect(new Set(sessions).size).toBe(2500);
  });

  it('resets everything, including events still queued', async () => {
    const now = ctx().clock.now();
    eventAt(ctx(), now, { event_type: 'page_view', session_id: 'a' });
    await ctx().services.analytics.flush();
    eventAt(ctx(), now, { event_type: 'page_view', session_id: 'b' });

    await get('/api/admin/analytics/summary?days=7');
    const reset = await ctx().request({
      method: 'DELETE',
      url: '/api/admin/analytics/reset',
      token: session?.token ?? '',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    await ctx().services.analytics.flush();
    const summary = (await get('/api/admin/analytics/summary?days=90')).json<{
      summary: Record<string, unknown>;
    }>();
    expect(summary.summary).toEqual({
      total_page_views: 0,
      unique_visitors: 0,
      button_clicks: 0,
      form_submissions: 0,
      section_engagement: [],
    });
    expect(await ctx().db.selectFrom('analytics_events').select('id').execute()).toEqual([]);
  });

  it('accepts only 7, 14, 30 or 90 days, defaults to 7, and needs an admin', async () => {
    for (const days of ['5', '0', 'abc', '', '7.0x']) {
      const response = await get(`/api/admin/analytics/summary?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain('days');
    }
    expect(
      (await get('/api/admin/analytics/chart-data')).json<{ chart_data: unknown[] }>().chart_data,
    ).toHaveLength(7);
    for (const url of [
      '/api/admin/analytics/summary?days=7',
      '/api/admin/analytics/export?days=7',
      '/api/admin/analytics/chart-data?days=7',
    ]) {
      expect((await ctx().request({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await ctx().request({ method: 'DELETE', url: '/api/admin/analytics/reset' })).statusCode).toBe(
      401,
    );
  });

  it('purges raw events past retention, with the rollups and sessions of those days', async () => {
    const now = ctx().clock.now();
    eventAt(ctx(), now - 400 * DAY, { event_type: 'page_view', session_id: 'old' });
    eventAt(ctx(), now - 10 * DAY, { event_type: 'page_view', session_id: 'recent' });
    await ctx().services.analytics.flush();
    expect(await ctx().services.analytics.purgeExpired()).toBe(1);
    const events = await ctx().db.selectFrom('analytics_events').select('session_id').execute();
    expect(events).toEqual([{ session_id: 'recent' }]);
    expect(await ctx().db.selectFrom('analytics_sessions').select('session_id').execute()).toEqual([
      { session_id: 'recent' },
    ]);
    expect(await ctx().db.selectFrom('analytics_daily').select('day').execute()).toEqual([
      { day: '2026-06-05' },
    ]);
  });
});
