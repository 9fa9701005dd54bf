// Issue 26, item 5: a visitor who accepted cookies chooses its own session ids, so one client could
// invent a source per page view. A session keeps its first source; a client address gives visits at
// most TRACKED_SOURCES_PER_ADDRESS.max sources an hour; past that the page view is still counted,
// just not given a new source (docs/decisions/0435).
import { expect, it } from 'vitest';
import { TRACKED_SOURCES_PER_ADDRESS } from '#shared/constants.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';

const HOUR_MS = 60 * 60 * 1000;

function pageView(ctx: TestContext, address: string, sessionId: string, source: unknown) {
  return ctx.request({
    method: 'POST',
    url: '/api/track',
    remoteAddress: address,
    headers: {
      cookie: 'cookie_consent=true',
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
    },
    payload: { event_type: 'page_view', page: '/', session_id: sessionId, source },
  });
}

async function sessionSources(ctx: TestContext): Promise<Map<string, string | null>> {
  await ctx.services.analytics.flush();
  const rows = await ctx.db.selectFrom('analytics_sessions').select(['session_id', 'source']).execute();
  return new Map(rows.map((row) => [row.session_id, row.source]));
}

const distinctSources = (sources: Map<string, string | null>, prefix: string) =>
  new Set(
    [...sources]
      .filter(([session, source]) => session.startsWith(prefix) && source !== null)
      .map(([, source]) => source),
  );

describeEachDatabase('sources one visitor can create', (ctx) => {
  it('gives one session one source, however many campaigns its page views name at once', async () => {
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pageView(ctx(), '198.51.100.9', 'one-tab', { utm_source: `c-${i}` }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(50).fill(204));
    expect(distinctSources(await sessionSources(ctx()), 'one-tab').size).toBe(1);
  });

  it('caps the sources one address gives its invented sessions, and still counts every page view', async () => {
    const flooder = '203.0.113.7';
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        pageView(ctx(), flooder, `flood-${i}`, { utm_source: `campaign-${i}` }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(50).fill(204));
    let sources = await sessionSources(ctx());
    const admitted = distinctSources(sources, 'flood-');
    expect(admitted.size).toBe(TRACKED_SOURCES_PER_ADDRESS.max);
    expect([...sources.keys()].filter((id) => id.startsWith('flood-'))).toHaveLength(50);
    const views = await ctx()
      .db.selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_type', '=', 'page_view')
      .executeTakeFirstOrThrow();
    expect(Number(views.n)).toBe(50);

    // Past the cap, a source this address already gave is still given, and "direct" always is;
    // another address is not held back by this one.
    const known = [...admitted][0]!;
    await pageView(ctx(), flooder, 'flood-known', { utm_source: known });
    await pageView(ctx(), flooder, 'flood-typed', {});
    await pageView(ctx(), flooder, 'flood-new', { utm_source: 'one-more' });
    await pageView(ctx(), '192.0.2.1', 'neighbour', { utm_source: 'newsletter' });
    sources = await sessionSources(ctx());
    expect(sources.get('flood-known')).toBe(known);
    expect(sources.get('flood-typed')).toBe('direct');
    expect(sources.get('flood-new')).toBeNull();
    expect(sources.get('neighbour')).toBe('newsletter');

    // A session left without a source can still get one from the same address an hour later.
    ctx().clock.advance(TRACKED_SOURCES_PER_ADDRESS.windowMinutes * 60 * 1000 + HOUR_MS / 60);
    await pageView(ctx(), flooder, 'flood-new', { utm_source: 'one-more' });
    expect((await sessionSources(ctx())).get('flood-new')).toBe('one-more');
  });
});
