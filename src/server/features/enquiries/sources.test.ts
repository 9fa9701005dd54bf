import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';

const valid = {
  name: 'Sam Smith',
  email: 'sam@example.com',
  organisation: 'Acme Events',
  message: 'We would like to book the range for our festival in August.',
};

const DAY_MS = 24 * 60 * 60 * 1000;

async function send(ctx: TestContext, source: unknown, extra: Record<string, unknown> = {}) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/enquiries',
    payload: { ...valid, ...extra, ...(source === undefined ? {} : { source }) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

interface ListedSource {
  label: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
}

async function listedSources(ctx: TestContext, token: string): Promise<ListedSource[]> {
  const response = await ctx.request({ method: 'GET', url: '/api/enquiries', token });
  return response
    .json<{ enquiries: { id: number; source: ListedSource }[] }>()
    .enquiries.sort((a, b) => a.id - b.id)
    .map((enquiry) => enquiry.source);
}

describeEachDatabase(
  'where enquiries come from',
  (ctx) => {
    it('stores the campaign tags and referring host the page sent, and lists them with one label', async () => {
      await send(ctx(), {
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring-2027',
        referrer_host: 'mail.example.net',
      });
      await send(ctx(), { utm_source: null, referrer_host: 'www.facebook.com' });
      await send(ctx(), undefined);
      const { token } = await ctx().loginAs();
      expect(await listedSources(ctx(), token)).toEqual([
        {
          label: 'newsletter',
          utm_source: 'Newsletter',
          utm_medium: 'email',
          utm_campaign: 'spring-2027',
          referrer_host: 'mail.example.net',
        },
        {
          label: 'Facebook',
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          referrer_host: 'www.facebook.com',
        },
        {
          label: 'Direct or unknown',
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          referrer_host: null,
        },
      ]);

      const csv = await ctx().request({ method: 'GET', url: '/api/admin/enquiries/export', token });
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toMatch(/,source,utm_source,utm_medium,utm_campaign,referrer_host,preferred_date,/);
      expect(
        lines.some((line) => line.endsWith(',newsletter,Newsletter,email,spring-2027,mail.example.net,,,,,')),
      ).toBe(true);
    });

    it('defuses a campaign tag that a spreadsheet would run as a formula', async () => {
      await send(ctx(), { utm_source: '=HYPERLINK("http://evil.example")' });
      const { token } = await ctx().loginAs();
      const csv = await ctx().request({ method: 'GET', url: '/api/admin/enquiries/by-source/export', token });
      expect(csv.body.split('\r\n')[1]).toBe(`"'=hyperlink(""http://evil.example"")",,1,,0,0,0,0.00,0.00`);
    });

    it('never refuses an enquiry for its source: odd values are cut or dropped, control characters removed', async () => {
      for (const source of [
        'not an object',
        ['a list'],
        {
          utm_source: 42,
          utm_medium: 'e\u0000mail\u0007',
          utm_campaign: 'x'.repeat(500),
          referrer_host: 'https://evil.example/path?q=1',
        },
        { utm_source: '   ', referrer_host: 'bad host name.com' },
      ])
        await send(ctx(), source);
      const { token } = await ctx().loginAs();
      const [asText, asList, odd, blank] = await listedSources(ctx(), token);
      expect(asText).toMatchObject({ label: 'Direct or unknown', utm_source: null });
      expect(asList).toMatchObject({ label: 'Direct or unknown' });
      expect(odd).toEqual({
        label: 'Direct or unknown',
        utm_source: null,
        utm_medium: 'email',
        utm_campaign: 'x'.repeat(100),
        referrer_host: null,
      });
      expect(blank).toMatchObject({ label: 'Direct or unknown', utm_source: null, referrer_host: null });
    });

    it('counts the period’s enquiries and bookings per source, spam left out', async () => {
      // Two weeks ago: inside 30 days, outside 7.
      ctx().clock.set(Date.UTC(2026, 5, 1, 12));
      await send(ctx(), { utm_source: 'google' });
      ctx().clock.set(Date.UTC(2026, 5, 15, 12));
      await send(ctx(), { utm_source: 'Google' });
      await send(ctx(), { utm_source: 'google' });
      await send(ctx(), { referrer_host: 'www.instagram.com' });
      await send(ctx(), undefined);
      // A bot's enquiry (the honeypot filled in) is stored as spam and is no lead.
      await send(ctx(), { utm_source: 'google' }, { website: 'http://spam.example' });

      const { token } = await ctx().loginAs();
      const ids = (await ctx().request({ method: 'GET', url: '/api/enquiries', token })).json<{
        enquiries: { id: number; status: string; created_at: string }[];
      }>().enquiries;
      const recentGoogle = ids.filter((e) => e.status === 'new').sort((a, b) => a.id - b.id)[1]!;
      const marked = await ctx().request({
        method: 'PATCH',
        url: `/api/admin/enquiries/${recentGoogle.id}`,
        token,
        payload: { status: 'booked' },
      });
      expect(marked.statusCode, marked.body).toBe(200);

      const bySource = async (days: number, as = token) =>
        (
          await ctx().request({
            method: 'GET',
            url: `/api/admin/enquiries/by-source?days=${days}`,
            token: as,
          })
        ).json<{ days: number; sources: unknown[] }>();
      expect(await bySource(7)).toEqual({
        success: true,
        days: 7,
        sources: [
          {
            source: 'Google',
            visitors: null,
            enquiries: 2,
            booked: 1,
            confirmed: 0,
            value_pence: 0,
            received_pence: 0,
          },
          {
            source: 'Direct or unknown',
            visitors: null,
            enquiries: 1,
            booked: 0,
            confirmed: 0,
            value_pence: 0,
            received_pence: 0,
          },
          {
            source: 'Instagram',
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
      expect((await bySource(30)).sources[0]).toEqual({
        source: 'Google',
        visitors: null,
        enquiries: 3,
        booked: 1,
        confirmed: 0,
        value_pence: 0,
        received_pence: 0,
      });

      const csv = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source/export?days=7',
        token,
      });
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="bookings-by-source_7-days_2026-06-15.csv"',
      );
      expect(csv.body).toBe(
        'source,visitors,enquiries,enquiry_percent,booked,booked_percent,confirmed_bookings,confirmed_value_gbp,received_gbp\r\n' +
          'Google,,2,,1,50,0,0.00,0.00\r\nDirect or unknown,,1,,0,0,0,0.00,0.00\r\nInstagram,,1,,0,0,0,0.00,0.00\r\n',
      );

      ctx().clock.advance(90 * DAY_MS);
      expect((await bySource(7, (await ctx().loginAs()).token)).sources).toEqual([]);
    });

    it('adds confirmed bookings and their value per source: which channel brings revenue (issue 29)', async () => {
      for (const utm_source of ['newsletter', 'newsletter', 'newsletter', 'google'])
        await send(ctx(), { utm_source });
      const { token } = await ctx().loginAs();
      const ids = (await ctx().db.selectFrom('enquiries').select('id').orderBy('id').execute()).map(
        (r) => r.id,
      );
      const book = async (id: number, price_pence: number | null, then?: 'confirm' | 'cancel') => {
        const made = await ctx().request({
          method: 'POST',
          url: `/api/admin/enquiries/${id}/booking`,
          token,
          payload: { start_date: '2026-08-0' + String(id % 9 || 1), price_pence },
        });
        expect(made.statusCode, made.body).toBe(200);
        const booking = made.json<{ booking: { id: number } }>().booking;
        if (then)
          expect(
            (await ctx().request({ method: 'POST', url: `/api/admin/bookings/${booking.id}/${then}`, token }))
              .statusCode,
          ).toBe(200);
      };
      await book(ids[0]!, 185_050, 'confirm');
      await book(ids[1]!, 50_000); // only a hold: not counted
      await book(ids[2]!, 70_000, 'cancel'); // cancelled: not counted
      await book(ids[3]!, null, 'confirm'); // confirmed without a price yet: counted, worth nothing yet
      const report = (
        await ctx().request({ method: 'GET', url: '/api/admin/enquiries/by-source?days=7', token })
      ).json<{ sources: { source: string; confirmed: number; value_pence: number }[] }>();
      expect(
        report.sources.map(({ source, confirmed, value_pence }) => [source, confirmed, value_pence]),
      ).toEqual([
        ['newsletter', 1, 185_050],
        ['Google', 1, 0],
      ]);
      const csv = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source/export?days=7',
        token,
      });
      expect(csv.body.split('\r\n')[1]).toBe('newsletter,,3,,2,67,1,1850.50,0.00');
    });

    it('sets the period’s consenting visitors per source beside their enquiries, for the conversion rate', async () => {
      ctx().clock.set(Date.UTC(2026, 5, 15, 12));
      const pageView = async (sessionId: string, source: unknown, consent = true) => {
        const response = await ctx().request({
          method: 'POST',
          url: '/api/track',
          headers: {
            cookie: consent ? 'cookie_consent=true' : 'cookie_consent=false',
            'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
          },
          payload: { event_type: 'page_view', page: '/', session_id: sessionId, source },
        });
        expect(response.statusCode, response.body).toBe(204);
      };
      await pageView('g1', { utm_source: 'Google', utm_medium: 'cpc' });
      await pageView('g2', { utm_source: 'google' });
      await pageView('g3', { utm_source: 'google', referrer_host: 'www.bing.com' });
      // The same visitor's later page view (back from the privacy policy: no source) keeps the first.
      await pageView('g3', { utm_source: null, referrer_host: null });
      await pageView('f1', { referrer_host: 'm.facebook.com' });
      await pageView('d1', {});
      // Without consent nothing is recorded; a page from before sources were sent is not attributed.
      await pageView('n1', { utm_source: 'google' }, false);
      await pageView('old', undefined);
      await pageView('odd', 'not an object');
      await ctx().services.analytics.flush();

      await send(ctx(), { utm_source: 'google' });
      await send(ctx(), { utm_source: 'newsletter' });
      const { token } = await ctx().loginAs();
      const response = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source?days=7',
        token,
      });
      expect(response.json<{ sources: unknown[] }>().sources).toEqual([
        {
          source: 'Google',
          visitors: 3,
          enquiries: 1,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: 'newsletter',
          visitors: 0,
          enquiries: 1,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: 'Direct or unknown',
          visitors: 1,
          enquiries: 0,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
        {
          source: 'Facebook',
          visitors: 1,
          enquiries: 0,
          booked: 0,
          confirmed: 0,
          value_pence: 0,
          received_pence: 0,
        },
      ]);
      const summary = await ctx().services.analytics.summary(7);
      expect(summary.unique_visitors).toBe(7); // every consenting session, attributed or not

      const csv = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source/export?days=7',
        token,
      });
      expect(csv.body).toBe(
        'source,visitors,enquiries,enquiry_percent,booked,booked_percent,confirmed_bookings,confirmed_value_gbp,received_gbp\r\n' +
          'Google,3,1,33,0,0,0,0.00,0.00\r\nnewsletter,0,1,,0,0,0,0.00,0.00\r\nDirect or unknown,1,0,0,0,,0,0.00,0.00\r\nFacebook,1,0,0,0,,0,0.00,0.00\r\n',
      );
    });

    it('gives a visitor one source however hostile or hurried the page views that carry it', async () => {
      ctx().clock.set(Date.UTC(2026, 5, 15, 12));
      const pageView = (session: string, source: unknown, cookie = 'cookie_consent=true', address?: string) =>
        ctx().request({
          method: 'POST',
          url: '/api/track',
          ...(address ? { remoteAddress: address } : {}),
          headers: {
            cookie,
            'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
          },
          payload: {
            event_type: 'page_view',
            page: '/',
            ...(session ? { session_id: session } : {}),
            source,
          },
        });
      // Forty tabs of one visitor at once, each from a different campaign: the first one stored wins.
      // (From an address of its own: one address gives only so many sources, decision 0435.)
      const racing = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          pageView('racer', { utm_source: `campaign-${i}` }, 'cookie_consent=true', '198.51.100.40'),
        ),
      );
      expect(racing.map((r) => r.statusCode)).toEqual(Array(40).fill(204));
      // Control bytes are stripped (at the edge, so a NUL inside a host name goes too), an overlong
      // tag is cut, markup is no host name.
      const hostile = [
        pageView('ctl', { utm_source: '\u0000Goo\u0007gle\u001b\u007f' }),
        pageView('long', { utm_source: 'x'.repeat(10_000) }),
        pageView('nul-host', { referrer_host: 'evil\u0000.example' }),
        pageView('markup', { referrer_host: '<script>x</script>.example' }),
        pageView('deep', { utm_source: { nested: ['\u0000'] }, referrer_host: 12 }),
        // The session from a cookie with (encoded) control bytes: they are dropped, the visit counted.
        pageView('', { utm_source: 'cookie' }, 'cookie_consent=true; session_id=co%01ok%02ie'),
      ];
      expect((await Promise.all(hostile)).map((r) => r.statusCode)).toEqual(Array(6).fill(204));
      await ctx().services.analytics.flush();

      const sessions = await ctx()
        .db.selectFrom('analytics_sessions')
        .select(['session_id', 'source'])
        .orderBy('session_id')
        .execute();
      expect(sessions.find((row) => row.session_id === 'racer')?.source).toMatch(/^campaign-\d+$/);
      expect(
        Object.fromEntries(
          sessions.filter((row) => row.session_id !== 'racer').map((r) => [r.session_id, r.source]),
        ),
      ).toEqual({
        cookie: 'cookie',
        ctl: 'google',
        deep: 'direct',
        long: 'x'.repeat(100),
        markup: 'direct',
        'nul-host': 'evil.example',
      });
      const { token } = await ctx().loginAs();
      const report = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source?days=7',
        token,
      });
      const visitors = report.json<{ sources: { visitors: number }[] }>().sources.map((row) => row.visitors);
      expect(visitors.reduce((sum, n) => sum + n, 0)).toBe(7);
    });

    it('asks for a signed-in admin and one of the report periods', async () => {
      expect((await ctx().request({ method: 'GET', url: '/api/admin/enquiries/by-source' })).statusCode).toBe(
        401,
      );
      const { token } = await ctx().loginAs({ role: 'admin' });
      const wrong = await ctx().request({
        method: 'GET',
        url: '/api/admin/enquiries/by-source?days=8',
        token,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(wrong.json<{ detail: string }>().detail).toMatch(/days.*7, 14, 30, 90/);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '1000' } },
);
