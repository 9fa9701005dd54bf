import { expect, it } from 'vitest';
import { CONTENT_KIND_NAMES, CONTENT_KINDS } from '#shared/schemas/content.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const MINUTE = 60 * 1000;
const iso = (epochMs: number) => new Date(epochMs).toISOString();

// Scheduled content (issue 17): items appear from `show_from` and go after `hide_after`, on the public
// lists and the page, to the minute, with no write and no restart in between.
describeEachDatabase('scheduled content', (ctx) => {
  const publicNames = async (kind: 'events' | 'testimonials') => {
    const body = (await ctx().request({ method: 'GET', url: `/api/cms/${kind}` })).json<
      Record<string, unknown>
    >();
    return (body[CONTENT_KINDS[kind].listKey] as { name?: string; client_name?: string }[]).map(
      (item) => item.name ?? item.client_name,
    );
  };

  it('shows an event only between its show-from and hide-after times, without any write', async () => {
    const { token } = await ctx().loginAs();
    const now = ctx().clock.now();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      payload: {
        name: 'Christmas Shoot',
        location: 'Leeds',
        date: '2099-12-20',
        show_from: iso(now + 10 * MINUTE),
        hide_after: iso(now + 70 * MINUTE),
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      show_from: iso(now + 10 * MINUTE),
      hide_after: iso(now + 70 * MINUTE),
    });
    expect(await publicNames('events')).not.toContain('Christmas Shoot');

    ctx().clock.advance(10 * MINUTE - 1);
    expect(await publicNames('events')).not.toContain('Christmas Shoot');
    ctx().clock.advance(1); // the list was cached a moment ago: it knows this is when it changes
    expect(await publicNames('events')).toContain('Christmas Shoot');

    ctx().clock.advance(60 * MINUTE);
    expect(await publicNames('events')).not.toContain('Christmas Shoot');
    // The admin list keeps it, with its times.
    const admin = await ctx().services.content.adminList('events');
    expect(admin.find((e) => e.name === 'Christmas Shoot')).toMatchObject({
      hide_after: iso(now + 70 * MINUTE),
    });
  });

  it('accepts times with an offset, clears them with null or empty, and refuses hide-after before show-from', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/testimonials',
      token,
      payload: {
        client_name: 'Priya',
        company: 'Acme',
        testimonial_text: 'Great',
        rating: 5,
        show_from: '2099-12-05T09:00:00+00:00',
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(await publicNames('testimonials')).not.toContain('Priya');

    // An empty string is not a date and time (issue 35, item 8): refused, naming the field, nothing changed.
    const empty = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${id}`,
      token,
      payload: { show_from: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toMatch(/^show_from: /);
    expect(await publicNames('testimonials')).not.toContain('Priya');

    const cleared = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${id}`,
      token,
      payload: { show_from: null },
    });
    expect(cleared.json()).toMatchObject({ show_from: null, hide_after: null });
    expect(await publicNames('testimonials')).toContain('Priya');

    const backwards = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${id}`,
      token,
      payload: { show_from: '2099-12-05T09:00:00Z', hide_after: '2099-12-05T08:59:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ detail: 'hide_after: must be after show from' });
    const notATime = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${id}`,
      token,
      payload: { hide_after: 'next Friday' },
    });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json<{ detail: string }>().detail).toMatch(/^hide_after: must be a date and time/);
    expect(await publicNames('testimonials')).toContain('Priya'); // nothing changed
  });

  it('has a schedule on every kind', () => {
    for (const kind of CONTENT_KIND_NAMES) {
      const parsed = CONTENT_KINDS[kind].input.safeParse({ show_from: 'soon' });
      expect(parsed.success).toBe(false);
      expect(
        parsed.error?.issues.some((issue) => issue.path[0] === 'show_from'),
        kind,
      ).toBe(true);
    }
  });
});
