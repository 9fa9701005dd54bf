import { expect, it } from 'vitest';
import { CONTENT_KIND_NAMES, CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

/** A valid item of each kind. */
const sample: Record<ContentKind, Record<string, unknown>> = {
  events: {
    name: 'Summer Fest',
    location: 'Reading',
    date: '2026-07-01',
    link: 'https://example.com',
    image_url: '/uploads/a.jpg',
  },
  logos: { name: 'Acme', logo_url: '/uploads/logo.png', website_url: 'https://acme.example' },
  badges: { name: 'Insured', badge_url: 'https://cdn.example.com/badge.png', description: 'Fully insured' },
  gallery: {
    title: 'Targets',
    image_url: '/uploads/t.jpg',
    alt_text: 'Steel targets',
    section: 'hero',
    order: '2',
  },
  videos: {
    title: 'Demo',
    video_type: 'youtube',
    video_url: 'https://www.youtube.com/watch?v=abc',
    category: 'demo',
  },
  testimonials: { client_name: 'Sam', company: 'Acme', testimonial_text: 'Brilliant day', rating: 5 },
};

/** One field of each kind that is required, to prove validation names it. */
const requiredField: Record<ContentKind, string> = {
  events: 'location',
  logos: 'logo_url',
  badges: 'badge_url',
  gallery: 'image_url',
  videos: 'category',
  testimonials: 'testimonial_text',
};

/** A field to change in an update, and its new value. */
const change: Record<ContentKind, [string, unknown]> = {
  events: ['name', 'Winter Fest'],
  logos: ['name', 'Acme Ltd'],
  badges: ['description', 'Covered to £5m'],
  gallery: ['section', 'deliver'],
  videos: ['title', 'Demo reel'],
  testimonials: ['rating', 4],
};

describeEachDatabase('content API', (ctx) => {
  for (const kind of CONTENT_KIND_NAMES) {
    const listKey = CONTENT_KINDS[kind].listKey;

    it(`${kind}: an admin creates, lists, updates and deletes; the public list shows active items`, async () => {
      const { token } = await ctx().loginAs();
      const created = await ctx().request({
        method: 'POST',
        url: `/api/admin/${kind}`,
        token,
        payload: sample[kind],
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json<{ id: number; is_active: boolean }>();
      expect(item.is_active).toBe(true);

      const adminList = await ctx().request({ method: 'GET', url: `/api/admin/${kind}`, token });
      expect(adminList.json()).toEqual([item]);

      const publicList = await ctx().request({ method: 'GET', url: `/api/cms/${kind}` });
      // The public shape: an event's privacy is the admin's alone (a private one is not listed at all).
      const publicItem = CONTENT_KINDS[kind].publicItem.parse(item);
      expect(publicList.json()).toEqual({ success: true, [listKey]: [publicItem] });

      const [field, value] = change[kind];
      const updated = await ctx().request({
        method: 'PUT',
        url: `/api/admin/${kind}/${item.id}`,
        token,
        payload: { [field]: value },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ id: item.id, [field]: value });

      const hidden = await ctx().request({
        method: 'PUT',
        url: `/api/admin/${kind}/${item.id}`,
        token,
        payload: { is_active: false },
      });
      expect(hidden.json()).toMatchObject({ is_active: false, [field]: value });
      const publicAfter = await ctx().request({ method: 'GET', url: `/api/cms/${kind}` });
      expect(publicAfter.json()).toEqual({ success: true, [listKey]: [] });

      const deleted = await ctx().request({ method: 'DELETE', url: `/api/admin/${kind}/${item.id}`, token });
      expect(deleted.json()).toEqual({ success: true });
      expect((await ctx().request({ method: 'GET', url: `/api/admin/${kind}`, token })).json()).toEqual([]);
    });

    it(`${kind}: a missing required field is a 400 naming it, and nothing is stored`, async () => {
      const { token } = await ctx().loginAs();
      const { [requiredField[kind]]: _dropped, ...incomplete } = sample[kind];
      const response = await ctx().request({
        method: 'POST',
        url: `/api/admin/${kind}`,
        token,
        payload: incomplete,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: expect.stringContaining(requiredField[kind]),
        code: 'VALIDATION_ERROR',
      });
      expect((await ctx().request({ method: 'GET', url: `/api/admin/${kind}`, token })).json()).toEqual([]);
    });

    it(`${kind}: without a token every admin call is 401`, async () => {
      for (const [method, url] of [
        ['GET', `/api/admin/${kind}`],
        ['POST', `/api/admin/${kind}`],
        ['PUT', `/api/admin/${kind}/1`],
        ['DELETE', `/api/admin/${kind}/1`],
      ] as const) {
        const response = await ctx().request({
          method,
          url,
          payload: method === 'POST' || method === 'PUT' ? sample[kind] : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toHaveProperty('detail');
      }
    });

    it(`${kind}: an unknown id is 404 for update and delete`, async () => {
      const { token } = await ctx().loginAs();
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await ctx().request({
          method,
          url: `/api/admin/${kind}/999`,
          token,
          payload: method === 'PUT' ? sample[kind] : undefined,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });
  }

  it('public lists are ordered by order then id', async () => {
    const { token } = await ctx().loginAs();
    for (const [title, order] of [
      ['c', 2],
      ['a', 1],
      ['b', 1],
    ] as const) {
      await ctx().request({
        method: 'POST',
        url: '/api/admin/gallery',
        token,
        payload: { ...sample.gallery, title, order },
      });
    }
    const titles = (await ctx().request({ method: 'GET', url: '/api/cms/gallery' }))
      .json<{ images: { title: string }[] }>()
      .images.map((i) => i.title);
    expect(titles).toEqual(['a', 'b', 'c']);
  });

  it('rejects values outside the rules: rating 6, unknown section, non-YouTube youtube video, bad date, bad id', async () => {
    const { token } = await ctx().loginAs();
    const cases: [string, Record<string, unknown>, string][] = [
      ['testimonials', { ...sample.testimonials, rating: 6 }, 'rating'],
      ['testimonials', { ...sample.testimonials, rating: 4.5 }, 'rating'],
      ['gallery', { ...sample.gallery, section: 'footer' }, 'section'],
      ['videos', { ...sample.videos, video_url: 'https://vimeo.com/1' }, 'video_url'],
      ['videos', { ...sample.videos, category: 'other' }, 'category'],
      ['events', { ...sample.events, date: '2026-02-30' }, 'date'],
      ['events', { ...sample.events, link: 'javascript:alert(1)' }, 'link'],
      ['logos', { ...sample.logos, logo_url: '../../etc/passwd' }, 'logo_url'],
      ['events', { ...sample.events, name: 'x'.repeat(201) }, 'name'],
    ];
    for (const [kind, payload, field] of cases) {
      const response = await ctx().request({ method: 'POST', url: `/api/admin/${kind}`, token, payload });
      expect(response.statusCode, `${kind} ${field}`).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(field);
    }
    const badId = await ctx().request({ method: 'DELETE', url: '/api/admin/events/abc', token });
    expect(badId.statusCode).toBe(400);
    const malformed = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('an update that breaks a rule is refused and leaves the item unchanged', async () => {
    const { token } = await ctx().loginAs();
    const item = (
      await ctx().request({
        method: 'POST',
        url: '/api/admin/testimonials',
        token,
        payload: sample.testimonials,
      })
    ).json<{ id: number }>();
    const response = await ctx().request({
      method: 'PUT',
      url: `/api/admin/testimonials/${item.id}`,
      token,
      payload: { rating: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('rating');
    const [stored] = (await ctx().request({ method: 'GET', url: '/api/admin/testimonials', token })).json<
      { rating: number }[]
    >();
    expect(stored?.rating).toBe(5);
  });

  it('the public list answers 304 to a matching If-None-Match', async () => {
    const first = await ctx().request({ method: 'GET', url: '/api/cms/events' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx().request({
      method: 'GET',
      url: '/api/cms/events',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
