// Issue 16: each event card says what the public page does with it — in its place among the next
// three, waiting beyond them, past, or hidden — and the landing page agrees.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { chromiumAvailable, DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const londonDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000),
  );

describe.skipIf(!chromiumAvailable())('event cards in the admin', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const created: number[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    token = await apiLogin(server);
    // Only these events: the demo's own would take places among the next three.
    for (const event of await adminApi<{ id: number }[]>(server, token, 'GET', '/api/admin/events'))
      await adminApi(server, token, 'DELETE', `/api/admin/events/${event.id}`);
    const add = async (name: string, offsetDays: number, isActive = true) => {
      const event = await adminApi<{ id: number }>(server, token, 'POST', '/api/admin/events', {
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
      await adminApi(server, token, 'DELETE', `/api/admin/events/${id}`).catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('says on each card what the website does with the event (%s)', async (_name, options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await openSignedIn(page, server, '/admin/events');
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
    await landing.goto(`${server.url}/`);
    const events = landing.locator('#events');
    for (const name of ['Soonest Fair', 'Second Show', 'Third Market'])
      await events.getByText(name).first().waitFor();
    for (const name of ['Fourth Festival', 'Hidden Gala', 'Last Year Camp'])
      await expect(events.getByText(name).count()).resolves.toBe(0);
    await context.close();
  });
});
