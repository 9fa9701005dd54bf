// Issue 26, item 5: however many sources strangers invent, "Bookings by source" shows the top
// TOP_SOURCES_SHOWN and one "Other sources" row, with exact totals (docs/decisions/0435).
import { expect, it } from 'vitest';
import { TOP_SOURCES_SHOWN } from '#shared/constants.ts';
import type { BookingsBySource } from '#shared/schemas/enquiry-source.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';

const NOW = Date.UTC(2026, 5, 15, 12); // the harness's clock: Monday 15 June 2026, 13:00 in London
const CAMPAIGNS = 10_000;
const campaign = (i: number) => `campaign-${String(i).padStart(5, '0')}`;

/** Visitors per (last day, source), written straight into the rollup the report reads. */
async function addVisitors(ctx: TestContext, rows: { last_day: string; source: string; sessions: number }[]) {
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto('analytics_sessions_by_source')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The stranger's flood: one visitor for each of ten thousand invented campaigns, today. */
const flood = () =>
  Array.from({ length: CAMPAIGNS }, (_, i) => ({ last_day: '2026-06-15', source: campaign(i), sessions: 1 }));

async function addEnquiry(
  ctx: TestContext,
  source: { utm_source?: string; referrer_host?: string },
  options: { status?: string; hoursAgo?: number } = {},
) {
  const createdAt = NOW - (options.hoursAgo ?? 1) * 60 * 60 * 1000;
  await storeEnquiry(ctx.db, createdAt, {
    status: options.status ?? 'new',
    source_utm_source: source.utm_source ?? null,
    source_referrer_host: source.referrer_host ?? null,
  });
}

async function report(ctx: TestContext): Promise<{ body: BookingsBySource; bytes: number; csv: string[] }> {
  const { token } = await ctx.loginAs();
  const response = await ctx.request({ method: 'GET', url: '/api/admin/enquiries/by-source?days=7', token });
  expect(response.statusCode, response.body).toBe(200);
  const csv = await ctx.request({
    method: 'GET',
    url: '/api/admin/enquiries/by-source/export?days=7',
    token,
  });
  expect(csv.statusCode, csv.body).toBe(200);
  return { body: response.json(), bytes: response.body.length, csv: csv.body.trimEnd().split('\r\n') };
}

const sum = (values: (number | null)[]) => values.reduce<number>((total, n) => total + (n ?? 0), 0);

describeEachDatabase('bookings by source, bounded', (ctx) => {
  it('shows the top sources and folds ten thousand invented ones into one last row, totals exact', async () => {
    await addVisitors(ctx(), [
      ...flood(),
      { last_day: '2026-06-15', source: 'google', sessions: 50 },
      { last_day: '2026-06-10', source: 'facebook.com', sessions: 3 },
      { last_day: '2026-06-14', source: 'facebook.com', sessions: 4 },
      { last_day: '2026-06-13', source: 'newsletter', sessions: 5 },
      { last_day: '2026-05-01', source: 'google', sessions: 100 }, // before the period
      // Ties are broken by code point, in SQL as in the server: these three come before "campaign-…"
      // (a language collation would put "-x" and "_x" beside "x", after them).
      ...['-x', '0x', '_x', 'x'].map((source) => ({ last_day: '2026-06-15', source, sessions: 1 })),
    ]);
    await addEnquiry(ctx(), { utm_source: 'Google' }, { status: 'booked' });
    await addEnquiry(ctx(), { utm_source: 'google' });
    await addEnquiry(ctx(), { referrer_host: 'www.instagram.com' });
    await addEnquiry(ctx(), { utm_source: 'google' }, { status: 'spam' });
    await addEnquiry(ctx(), { utm_source: 'google' }, { hoursAgo: 24 * 30 });

    const { body, bytes, csv } = await report(ctx());
    expect(body.sources).toHaveLength(TOP_SOURCES_SHOWN);
    expect(body.sources.slice(0, 7)).toEqual([
      {
        source: 'Google',
        visitors: 50,
        enquiries: 2,
        booked: 1,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      },
      {
        source: 'Instagram',
        visitors: 0,
        enquiries: 1,
        booked: 0,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      },
      {
        source: 'Facebook',
        visitors: 7,
        enquiries: 0,
        booked: 0,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      },
      {
        source: 'newsletter',
        visitors: 5,
        enquiries: 0,
        booked: 0,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      },
      { source: '-x', visitors: 1, enquiries: 0, booked: 0, confirmed: 0, value_pence: 0, received_pence: 0 },
      { source: '0x', visitors: 1, enquiries: 0, booked: 0, confirmed: 0, value_pence: 0, received_pence: 0 },
      { source: '_x', visitors: 1, enquiries: 0, booked: 0, confirmed: 0, value_pence: 0, received_pence: 0 },
    ]);
    expect(body.sources.slice(7).map((row) => row.source)).toEqual(
      Array.from({ length: TOP_SOURCES_SHOWN - 7 }, (_, i) => campaign(i)),
    );
    const distinct = CAMPAIGNS + 4 + 4; // the campaigns, the four named sources, the four ties
    const shownCampaigns = TOP_SOURCES_SHOWN - 7;
    expect(body.others).toEqual({
      sources: distinct - TOP_SOURCES_SHOWN,
      visitors: CAMPAIGNS - shownCampaigns + 1, // the rest of the campaigns, and "x"
      enquiries: 0,
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    });
    const rows = [...body.sources, body.others!];
    expect(sum(rows.map((row) => row.visitors))).toBe(CAMPAIGNS + 50 + 7 + 5 + 4);
    expect(sum(rows.map((row) => row.enquiries))).toBe(3);
    expect(bytes).toBeLessThan(4096);

    expect(csv).toHaveLength(1 + TOP_SOURCES_SHOWN + 1);
    expect(csv[1]).toBe('Google,50,2,4,1,50,0,0.00,0.00');
    expect(csv.at(-1)).toBe(
      `"Other sources (${(distinct - TOP_SOURCES_SHOWN).toLocaleString('en-GB')})",9983,0,0,0,,0,0.00,0.00`,
    );
  });

  it('folds the enquiries of the sources past the top ones too, and never mistakes a source named like the fold', async () => {
    await addVisitors(ctx(), flood());
    // More sources with enquiries than rows shown: the visitor-only campaigns are all folded.
    for (let i = 0; i < 30; i += 1)
      await addEnquiry(
        ctx(),
        { utm_source: `Shop-${String(i).padStart(2, '0')}` },
        { status: i < 3 ? 'booked' : 'new' },
      );
    await addEnquiry(ctx(), { utm_source: 'Other sources (9,975)' });
    await addEnquiry(ctx(), { utm_source: 'Other sources (9,975)' });

    const { body, csv } = await report(ctx());
    expect(body.sources[0]).toEqual({
      source: 'other sources (9,975)',
      visitors: 0,
      enquiries: 2,
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    });
    expect(body.sources.slice(1, 4).map((row) => row.booked)).toEqual([1, 1, 1]);
    expect(body.sources).toHaveLength(TOP_SOURCES_SHOWN);
    expect(body.others).toEqual({
      sources: CAMPAIGNS + 31 - TOP_SOURCES_SHOWN,
      visitors: CAMPAIGNS,
      enquiries: 30 - (TOP_SOURCES_SHOWN - 1),
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    });
    expect(sum([...body.sources, body.others!].map((row) => row.enquiries))).toBe(32);
    expect(csv).toHaveLength(1 + TOP_SOURCES_SHOWN + 1);
    expect(csv[1]).toBe('"other sources (9,975)",0,2,,0,0,0,0.00,0.00');
    expect(csv.at(-1)).toMatch(/^"Other sources \(10,006\)",10000,6,0,0,0,0,0\.00,0\.00$/);
  });

  it('has no "Other sources" row while every source fits, and says visitors are unknown without any', async () => {
    await addEnquiry(ctx(), { utm_source: 'google' });
    const { body, csv } = await report(ctx());
    expect(body).toEqual({
      success: true,
      days: 7,
      sources: [
        {
          source: 'Google',
          visitors: null,
          enquiries: 1,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
      ],
      others: null,
    });
    expect(csv).toEqual([
      'source,visitors,enquiries,enquiry_percent,booked,booked_percent,confirmed_bookings,confirmed_value_gbp,received_gbp',
      'Google,,1,,0,0,0,0.00,0.00',
    ]);

    for (let i = 0; i < 40; i += 1) await addEnquiry(ctx(), { utm_source: `shop-${i}` });
    expect((await report(ctx())).body.others).toEqual({
      sources: 41 - TOP_SOURCES_SHOWN,
      visitors: null,
      enquiries: 41 - TOP_SOURCES_SHOWN,
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    });
  });
});
