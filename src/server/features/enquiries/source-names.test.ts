// Issue 28, item 10 (docs/decisions/0442): sources are named — google.com and google.co.uk are one
// "Google" row, "direct" is "Direct or unknown" — on the screen's API, its CSV and the enquiry list,
// for visitors stored before the names existed as for new ones, with the totals unchanged.
import { describe, expect, it } from 'vitest';
import { DIRECT_OR_UNKNOWN, SOURCE_NAMES, sourceName } from '#shared/source-names.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';

describe('source names', () => {
  it('names search engines and social networks by name, whatever their country domain or subdomain', () => {
    expect(
      ['google.com', 'google.co.uk', 'google.de', 'google.com.au', 'news.google.com', 'google'].map(
        sourceName,
      ),
    ).toEqual(Array(6).fill('Google'));
    expect(['m.facebook.com', 'l.facebook.com', 'facebook.com', 'fb', 'facebook'].map(sourceName)).toEqual(
      Array(5).fill('Facebook'),
    );
    expect(['l.instagram.com', 'ig', 'instagram'].map(sourceName)).toEqual(Array(3).fill('Instagram'));
    expect(['bing.com', 'duckduckgo.com', 't.co', 'youtu.be', 'direct'].map(sourceName)).toEqual([
      'Bing',
      'DuckDuckGo',
      'X (Twitter)',
      'YouTube',
      DIRECT_OR_UNKNOWN,
    ]);
  });

  it('leaves other labels, look-alikes included, as they are', () => {
    for (const label of ['newsletter', 'google.evil.example', 'notgoogle.com', 'mail.example.net', 'x'])
      expect(sourceName(label), label).toBe(label);
  });

  it('writes every pattern in lower case, without quotes or backslashes (SQL binds them as they are)', () => {
    for (const { name, labels } of SOURCE_NAMES) {
      expect(name[0], name).toMatch(/[A-Z]/);
      for (const label of labels) expect(label, name).toMatch(/^[a-z0-9._%-]+$/);
    }
  });
});

const NOW = Date.UTC(2026, 5, 15, 12);

async function addEnquiry(ctx: TestContext, source: { utm_source?: string; referrer_host?: string }) {
  await storeEnquiry(ctx.db, NOW - 60_000, {
    source_utm_source: source.utm_source ?? null,
    source_referrer_host: source.referrer_host ?? null,
  });
}

describeEachDatabase('bookings by source, named', (ctx) => {
  it('adds up google.com, google.co.uk and a Google campaign in one row, old rollup rows included', async () => {
    // As the rollup holds them: the label each visit had when it was recorded.
    await ctx()
      .db.insertInto('analytics_sessions_by_source')
      .values([
        { last_day: '2026-06-15', source: 'google.co.uk', sessions: 4 },
        { last_day: '2026-06-14', source: 'google.com', sessions: 3 },
        { last_day: '2026-06-13', source: 'google', sessions: 2 },
        { last_day: '2026-06-15', source: 'm.facebook.com', sessions: 2 },
        { last_day: '2026-06-15', source: 'l.facebook.com', sessions: 1 },
        { last_day: '2026-06-15', source: 'direct', sessions: 6 },
        { last_day: '2026-06-15', source: 'google.evil.example', sessions: 1 },
      ])
      .execute();
    await addEnquiry(ctx(), { referrer_host: 'www.google.co.uk' });
    await addEnquiry(ctx(), { utm_source: 'Google' });
    await addEnquiry(ctx(), { referrer_host: 'lm.facebook.com' });
    await addEnquiry(ctx(), {});

    const { token } = await ctx().loginAs();
    const response = await ctx().request({
      method: 'GET',
      url: '/api/admin/enquiries/by-source?days=7',
      token,
    });
    expect(response.json()).toEqual({
      success: true,
      days: 7,
      sources: [
        {
          source: 'Google',
          visitors: 9,
          enquiries: 2,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: DIRECT_OR_UNKNOWN,
          visitors: 6,
          enquiries: 1,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: 'Facebook',
          visitors: 3,
          enquiries: 1,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: 'google.evil.example',
          visitors: 1,
          enquiries: 0,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
      ],
      others: null,
    });
    const csv = await ctx().request({
      method: 'GET',
      url: '/api/admin/enquiries/by-source/export?days=7',
      token,
    });
    expect(csv.body.split('\r\n').slice(1, 4)).toEqual([
      'Google,9,2,22,0,0,0,0.00,0.00',
      'Direct or unknown,6,1,17,0,0,0,0.00,0.00',
      'Facebook,3,1,33,0,0,0,0.00,0.00',
    ]);

    const listed = (await ctx().request({ method: 'GET', url: '/api/enquiries', token })).json<{
      enquiries: { source: { label: string } }[];
    }>();
    expect(listed.enquiries.map((enquiry) => enquiry.source.label).sort()).toEqual([
      DIRECT_OR_UNKNOWN,
      'Facebook',
      'Google',
      'Google',
    ]);
  });
});
