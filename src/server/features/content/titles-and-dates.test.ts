// Content at its edges (issue 35, items 4 and 6; decisions 0458 and 0460), on both databases: a
// title loses its line breaks (the calendar entry's summary is one line), and an event's day or a
// scheduling time outside 2000–2099 is a 400 naming the field that stores nothing.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';

describeEachDatabase('content titles and dates', (ctx) => {
  const EVENT = { name: 'Summer Fest', location: 'Reading', date: '2026-07-01' };

  it('turns the line breaks of an event name into spaces, in the API and the calendar file', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      payload: { ...EVENT, name: 'Summer\r\nFestival\n\n2026\t', location: 'Henley\nShowground' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Summer Festival 2026', location: 'Henley Showground' });
    const calendar = await ctx().request({ method: 'GET', url: '/events.ics' });
    expect(calendar.body).toContain('SUMMARY:Summer Festival 2026\r\n');
    const renamed = await ctx().request({
      method: 'PUT',
      url: `/api/admin/events/${created.json().id}`,
      token,
      payload: { name: 'Winter\nShoot' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Winter Shoot' });
  });

  it('keeps the line breaks of a testimonial, which is not a title', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/testimonials',
      token,
      payload: { client_name: 'Sam\nLee', company: 'Acme', testimonial_text: 'Great.\nAgain!', rating: 5 },
    });
    expect(created.json()).toMatchObject({ client_name: 'Sam Lee', testimonial_text: 'Great.\nAgain!' });
  });

  it('refuses an event day or a schedule time outside 2000–2099, naming the field', async () => {
    const { token } = await ctx().loginAs();
    const cases = [
      [{ date: '9999-12-31' }, 'date: must be a day from 2000-01-01 to 2099-12-31'],
      [{ date: '1970-01-01' }, 'date: must be a day from 2000-01-01 to 2099-12-31'],
      [
        { show_from: '9999-12-31T23:59:59Z' },
        'show_from: must be a date and time from 2000-01-01 to 2099-12-31',
      ],
      [{ hide_after: '+275760-09-13T00:00:00Z' }, 'hide_after: must be a date and time such as'],
    ] as const;
    for (const [change, detail] of cases) {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/events',
        token,
        payload: { ...EVENT, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    const listed = await ctx().request({ method: 'GET', url: '/api/admin/events', token });
    expect(listed.json()).toEqual([]);
  });
});
