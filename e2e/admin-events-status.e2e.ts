// Issue 16: each event card says what the public page does with it — in its place among the next
// three, waiting beyond them, past, or hidden — and the landing page agrees.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
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

  beforeAll(async () => {
    token = await apiLogin(e2e.server);
    // Only these events: the demo's own would take places among the next three.
    for (const event of await adminApi<{ id: number }[]>(e2e.server, token, 'GET', '/api/admin/events'))
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${event.id}`);
    const add = async (name: string, offsetDays: number, isActive = true) => {
      const event = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/events', {
        name,
        location: 'Test Field',
        date: londonDay(offsetDays),
        is_active: isActive,
      });
      created.push(event.id);
    };
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
    await card('Soonest Fair').getByText('On the site (1 of 3)').waitFor();
    await card('Second Show').getByText('On the site (2 of 3)').waitFor();
    await card('Third Market').getByText('On the site (3 of 3)').waitFor();
    await card('Fourth Festival').getByText('Waiting — beyond the next three').waitFor();
    await card('Last Year Camp').getByText('Past — not shown').waitFor();
    await card('Hidden Gala').getByText('Hidden', { exact: true }).first().waitFor();
    // The switch no longer claims "Shown" for an event the site does not show.
    await expect(card('Fourth Festival').getByText('Shown', { exact: true }).count()).resolves.toBe(0);

    // The landing page shows exactly the three "On the site".
    const landing = await context.newPage();
    await landing.goto(`${e2e.server.url}/`);
    const events = landing.locator('#events');
    for (const name of ['Soonest Fair', 'Second Show', 'Third Market'])
      await events.getByText(name).first().waitFor();
    for (const name of ['Fourth Festival', 'Hidden Gala', 'Last Year Camp'])
      await expect(events.getByText(name).count()).resolves.toBe(0);
    await context.close();
  });
});
