// Issues 16 and 28: each event card says where a visitor finds it — in its place among the page's next
// three (and the calendar feed), in the feed only, past, hidden or private — and the landing page and
// the feed agree. A private event is in neither.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';

const londonDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000),
  );

describeE2e('event cards in the admin', () => {
  const e2e = useE2eServer();
  let token: string;
  const created: number[] = [];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    token = await apiLogin(e2e.server);
    // Only these events: the demo's own would take places among the next three.
    for (const event of await adminApi<{ id: number }[]>(e2e.server, token, 'GET', '/api/admin/events'))
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${event.id}`);
    const add = async (name: string, offsetDays: number, isActive = true, isPrivate = false) => {
      const event = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/events', {
        name,
        location: 'Test Field',
        date: londonDay(offsetDays),
        is_active: isActive,
        is_private: isPrivate,
      });
      created.push(event.id);
      ids[name] = event.id;
    };
    await add('Private Party', 1, true, true);
    await add('Soonest Fair', 2);
    await add('Second Show', 9);
    await add('Hidden Gala', 5, false);
    await add('Third Market', 20);
    await add('Fourth Festival', 40);
    await add('Last Year Camp', -30);
  });
  afterAll(async () => {
    for (const id of created)
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${id}`).catch(() => undefined);
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('says on each card what the website does with the event (%s)', async (_name, options) => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    await openSignedIn(page, e2e.server, '/admin/events');
    const card = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await card('Soonest Fair').getByText('On the page (1 of 3) · In the calendar feed').waitFor();
    await card('Second Show').getByText('On the page (2 of 3) · In the calendar feed').waitFor();
    await card('Third Market').getByText('On the page (3 of 3) · In the calendar feed').waitFor();
    await card('Fourth Festival').getByText('In the calendar feed only — beyond the next three').waitFor();
    await card('Last Year Camp').getByText('Past — not shown').waitFor();
    await card('Hidden Gala').getByText('Hidden', { exact: true }).first().waitFor();
    await card('Private Party').getByText('Private — admin only').waitFor();
    // The switch no longer claims "Shown" for an event the site does not show.
    await expect(card('Fourth Festival').getByText('Shown', { exact: true }).count()).resolves.toBe(0);

    // The landing page shows exactly the three "On the site".
    const landing = await context.newPage();
    await landing.goto(`${e2e.server.url}/`);
    const events = landing.locator('#events');
    for (const name of ['Soonest Fair', 'Second Show', 'Third Market'])
      await events.getByText(name).first().waitFor();
    for (const name of ['Fourth Festival', 'Hidden Gala', 'Last Year Camp', 'Private Party'])
      await expect(events.getByText(name).count()).resolves.toBe(0);
    // Nor in the page's structured data (JSON-LD) or embedded page data.
    await expect(landing.content()).resolves.not.toContain('Private Party');

    // The feed holds the four upcoming public events and nothing else.
    const feed = await (await fetch(`${e2e.server.url}/events.ics`)).text();
    const summaries = [...feed.matchAll(/^SUMMARY:(.*)\r$/gm)].map((match) => match[1]);
    expect(summaries).toEqual(['Soonest Fair', 'Second Show', 'Third Market', 'Fourth Festival']);
    expect((await fetch(`${e2e.server.url}/events/${ids['Private Party']}.ics`)).status).toBe(404);
    await context.close();
  });

  it('makes an event private from its form, and the feed drops it at once', async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await openSignedIn(page, e2e.server, '/admin/events');
    await page.getByRole('button', { name: 'Edit Fourth Festival' }).click();
    await page
      .getByText('Events are listed by date; this orders events on the same day (lower first).')
      .waitFor();
    await page.getByLabel('Private event').check();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Fourth Festival' });
    await card.getByText('Private — admin only').waitFor();
    const feed = await (await fetch(`${e2e.server.url}/events.ics`)).text();
    expect(feed).not.toContain('Fourth Festival');
    expect((await fetch(`${e2e.server.url}/events/${ids['Fourth Festival']}.ics`)).status).toBe(404);
    await context.close();
  });
});
