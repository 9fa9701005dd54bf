import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describeEachDatabase } from '../testing/harness.ts';
import { seedDemoContent } from './demo-content.ts';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL } from './first-admin.ts';

describeEachDatabase('first run', (ctx) => {
  const counts = async () => {
    const { content } = ctx().services;
    return {
      events: await content.count('events'),
      gallery: await content.count('gallery'),
      videos: await content.count('videos'),
      testimonials: await content.count('testimonials'),
      logos: await content.count('logos'),
      badges: await content.count('badges'),
    };
  };

  it('seeds the demo content once, with media that is really served', async () => {
    expect(await seedDemoContent(ctx().db, ctx().clock, ctx().config.uploadDir)).toBe(true);
    expect(await counts()).toEqual({
      events: 6,
      gallery: 11,
      videos: 2,
      testimonials: 3,
      logos: 4,
      badges: 2,
    });

    const events = (await ctx().request({ method: 'GET', url: '/api/cms/events' })).json<{
      events: { date: string; image_url: string }[];
    }>().events;
    const today = new Date(ctx().clock.now()).toISOString().slice(0, 10);
    // Four upcoming, one of them the private birthday party the public never sees (issue 28).
    expect(events.filter((e) => e.date >= today)).toHaveLength(3);
    expect(events.filter((e) => e.date < today)).toHaveLength(2);
    const admin = await ctx().services.content.adminList('events');
    expect(admin.filter((e) => e.is_private).map((e) => e.name)).toEqual(['Private Birthday Party']);
    const picture = await ctx().request({ method: 'GET', url: events[0]!.image_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');

    const videos = (await ctx().request({ method: 'GET', url: '/api/cms/videos' })).json<{
      videos: { category: string; video_url: string }[];
    }>().videos;
    expect(videos.some((v) => v.category === 'hero')).toBe(true);
    for (const video of videos)
      expect(fs.existsSync(path.join(ctx().config.uploadDir, path.basename(video.video_url)))).toBe(true);
    const sections = new Set((await ctx().services.content.adminList('gallery')).map((g) => g.section));
    expect(sections.size).toBeGreaterThanOrEqual(4);

    // A restart never duplicates, even after the owner deleted every demo event.
    for (const event of await ctx().services.content.adminList('events'))
      await ctx().services.content.remove('events', event.id);
    expect(await seedDemoContent(ctx().db, ctx().clock, ctx().config.uploadDir)).toBe(false);
    expect((await counts()).events).toBe(0);
    expect((await counts()).gallery).toBe(11);
  });

  it("says why when the demo media can't be drawn, and seeds nothing so the next start tries again", async () => {
    // The upload folder's place is taken by a file: the drawing process cannot create it.
    const blocked = path.join(ctx().config.uploadDir, '..', 'not-a-folder');
    fs.writeFileSync(blocked, '');
    await expect(seedDemoContent(ctx().db, ctx().clock, path.join(blocked, 'uploads'))).rejects.toThrow(
      /^Drawing the demo media failed \(exit code 1\): .*(ENOTDIR|EEXIST)/s,
    );
    expect(await counts()).toMatchObject({ events: 0, gallery: 0 });
    expect(await seedDemoContent(ctx().db, ctx().clock, ctx().config.uploadDir)).toBe(true);
  });

  it('creates the first superadmin from ADMIN_EMAIL/ADMIN_PASSWORD without a forced change, once', async () => {
    const config = { ...ctx().config, admin: { email: 'Owner@Example.co.uk', password: 'owner password' } };
    expect(await ensureFirstAdmin(config, ctx().services.accounts)).toEqual({
      created: true,
      email: 'Owner@Example.co.uk',
      generatedPassword: undefined,
    });
    expect(await ensureFirstAdmin(config, ctx().services.accounts)).toEqual({ created: false });
    const login = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'owner@example.co.uk', password: 'owner password' },
    });
    expect(login.json()).toMatchObject({ force_password_change: false });
    expect(await ctx().services.accounts.list()).toMatchObject([{ role: 'superadmin', username: 'Owner' }]);
  });

  it('without ADMIN_* creates admin@localhost with a printed random password that must be changed', async () => {
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:' });
    const result = await ensureFirstAdmin(config, ctx().services.accounts);
    if (!result.created) throw new Error('expected an admin to be created');
    expect(result.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const login = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: GENERATED_ADMIN_EMAIL, password: result.generatedPassword },
    });
    expect(login.json()).toMatchObject({ force_password_change: true });
  });
});
