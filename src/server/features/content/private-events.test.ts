import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { createPageDataSource } from '../pages/page-data-source.ts';
import { weeklyReportSources } from '../weekly-report/sources.ts';

// Private events (issue 28 item 5, decision 0442): kept in the admin, in no public channel — the
// public list, the page data (and so the page and its JSON-LD), the calendar feed, the event's own
// calendar file, the weekly e-mail's "next events on the website".
describeEachDatabase('private events', (ctx) => {
  /** The test clock's day is 2026-06-15 (London). */
  const PARTY = { name: 'Private Birthday Party', location: 'Guildford', date: '2026-08-01' };
  const FAIR = { name: 'Village Fair', location: 'Henley', date: '2026-07-01' };

  async function create(payload: Record<string, unknown>) {
    const { token } = await ctx().loginAs({ email: `a${Math.random()}@example.com` });
    const response = await ctx().request({ method: 'POST', url: '/api/admin/events', token, payload });
    expect(response.statusCode, response.body).toBe(201);
    return { token, event: response.json<{ id: number; is_private: boolean }>() };
  }

  const put = (token: string, id: number, payload: Record<string, unknown>) =>
    ctx().request({ method: 'PUT', url: `/api/admin/events/${id}`, token, payload });

  /** Every name a visitor can find, channel by channel. */
  async function publicChannels(id: number) {
    const list = (await ctx().request({ method: 'GET', url: '/api/cms/events' })).json<{
      events: { name: string }[];
    }>();
    const { services, config, clock } = ctx();
    const pages = createPageDataSource({
      content: services.content,
      site: services.site,
      captcha: services.captcha,
      clock,
      publicUrl: config.publicUrl,
      analyticsRetentionDays: 30,
    });
    const { data } = await pages.load();
    const feed = await ctx().request({ method: 'GET', url: '/events.ics' });
    const file = await ctx().request({ method: 'GET', url: `/events/${id}.ics` });
    const weekly = await weeklyReportSources({ ...services, clock }).upcomingEvents();
    return {
      list: list.events.map((event) => event.name),
      page: data.events.map((event) => event.name),
      feed: feed.body,
      file: file.statusCode,
      weekly: weekly.map((event) => event.name),
    };
  }

  it('keeps a private event in the admin and out of every public channel', async () => {
    await create(FAIR);
    const { token, event } = await create({ ...PARTY, is_private: true });
    expect(event.is_private).toBe(true);

    const admin = await ctx().request({ method: 'GET', url: '/api/admin/events', token });
    expect(admin.json<{ name: string; is_private: boolean }[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: PARTY.name, is_private: true }),
        expect.objectContaining({ name: FAIR.name, is_private: false }),
      ]),
    );
    const seen = await publicChannels(event.id);
    expect(seen.list).toEqual([FAIR.name]);
    expect(seen.page).toEqual([FAIR.name]);
    expect(seen.feed).toContain('Village Fair');
    expect(seen.feed).not.toContain('Birthday');
    expect(seen.file).toBe(404);
    expect(seen.weekly).toEqual([FAIR.name]);
  });

  it('makes an event public or private at once on every channel, the cached ones included', async () => {
    const { token, event } = await create(PARTY);
    expect(event.is_private).toBe(false);
    let seen = await publicChannels(event.id);
    expect([seen.list, seen.page, seen.file]).toEqual([[PARTY.name], [PARTY.name], 200]);
    expect(seen.feed).toContain('Birthday');

    const hidden = await put(token, event.id, { is_private: true });
    expect(hidden.json()).toMatchObject({ is_private: true, is_active: true });
    seen = await publicChannels(event.id);
    expect([seen.list, seen.page, seen.file, seen.weekly]).toEqual([[], [], 404, []]);
    expect(seen.feed).not.toContain('Birthday');

    // An edit of something else keeps it private.
    await put(token, event.id, { location: 'Woking' });
    expect((await publicChannels(event.id)).list).toEqual([]);

    await put(token, event.id, { is_private: false });
    seen = await publicChannels(event.id);
    expect([seen.list, seen.file]).toEqual([[PARTY.name], 200]);
  });

  it('refuses a private flag that is not true or false, and changes nothing', async () => {
    const { token, event } = await create(PARTY);
    const refused = await put(token, event.id, { is_private: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'is_private: must be true or false' });
    expect((await publicChannels(event.id)).list).toEqual([PARTY.name]);
  });

  it('comes back private from Recently deleted, and an old row without the flag is public', async () => {
    const { token, event } = await create({ ...PARTY, is_private: true });
    await ctx().request({ method: 'DELETE', url: `/api/admin/events/${event.id}`, token });
    const restored = await ctx().request({
      method: 'POST',
      url: '/api/admin/trash/restore',
      token,
      payload: { items: [{ kind: 'events', id: event.id }] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await publicChannels(event.id)).list).toEqual([]);

    // A restore that mixes rows from before the column with newer ones writes null on SQLite.
    await sql`update events set is_private = null`.execute(ctx().db);
    await ctx().services.content.clearCache();
    expect((await publicChannels(event.id)).list).toEqual([PARTY.name]);
    const admin = await ctx().request({ method: 'GET', url: '/api/admin/events', token });
    expect(admin.json()).toEqual([expect.objectContaining({ is_private: false })]);
  });
});
