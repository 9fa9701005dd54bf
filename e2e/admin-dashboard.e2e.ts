// Issue 28, item 13: the dashboard's quick links open the add forms they name, and its setup card never
// pops in late above the counts and pushes them down. Issue 36, item 3: the holds whose day is within
// two weeks are listed with when each lapses — before its first day (docs/decisions/0467).
import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, londonDay, londonMidnight } from '#shared/london-days.ts';
import { londonInstants } from '../src/web/lib/dates.ts';
import { seedBookings } from './screens/admin-bookings.ts';
import { openSignedIn } from './support/admin.ts';
import { animationsSettled, axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, framesDrawn, PHONE } from './support/browser.ts';

describeE2e('admin dashboard', () => {
  const e2e = useE2eServer();

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('keeps the page still while the setup status is on its way (%s)', async (_name, options) => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    // Every layout shift the page makes, from its first paint (Chromium's Layout Instability API);
    // shiftsSoFar() also takes the entries drawn but not yet handed to the observer.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      (window as unknown as { shiftsSoFar: () => number[] }).shiftsSoFar = () => [
        ...shifts,
        ...(observer.takeRecords() as (PerformanceEntry & { value: number })[]).map((entry) => entry.value),
      ];
    });
    // The dashboard's other calls, which answer while the setup status is held.
    const otherCalls = new Set<Request>();
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/') && !request.url().endsWith('/api/admin/setup-status'))
        otherCalls.add(request);
    });
    const answered = (request: Request) => otherCalls.delete(request);
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const setupAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/api/admin/setup-status', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await openSignedIn(page, e2e.server, '/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The counts and the links wait for it, though every other call has answered and been drawn.
    await setupAsked;
    await expect.poll(() => otherCalls.size).toBe(0);
    await framesDrawn(page);
    await expect(page.getByRole('region', { name: 'At a glance' }).count()).resolves.toBe(0);
    release();
    // A fresh install: the card is there, above the counts, drawn with them in one go.
    await page.getByRole('region', { name: 'Finish setting up' }).waitFor();
    await page.getByRole('region', { name: 'At a glance' }).waitFor();
    await page.getByText('Quick links').waitFor();
    await animationsSettled(page);
    await framesDrawn(page);
    const shifts = await page.evaluate(() =>
      (window as unknown as { shiftsSoFar: () => number[] }).shiftsSoFar(),
    );
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it.each([
    ['Add event', /\/admin\/events\?edit=new$/, 'Add Event'],
    ['Add gallery photo', /\/admin\/gallery\?edit=new$/, 'Add Image'],
    ['Add testimonial', /\/admin\/testimonials\?edit=new$/, 'Add Testimonial'],
  ])('"%s" opens the form, not only the list', async (link, address, formTitle) => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await openSignedIn(page, e2e.server, '/admin/dashboard');
    await page.getByRole('link', { name: link }).click();
    await page.waitForURL(address);
    await page.getByRole('heading', { name: formTitle }).waitFor();
    await context.close();
  });

  it('lists the holds due within two weeks with when each lapses, before its first day', async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    const token = await openSignedIn(page, e2e.server, '/admin/dashboard');
    // Confirmed: Priya Shah in 3 days, a festival in 8; holds: Tom Jones in 5 days, Greenwood Scouts
    // in 12, Oakham Rugby Club in 40 (e2e/screens/admin-bookings.ts).
    await seedBookings(e2e.server, token);
    await page.reload();
    // The card: the one that holds this heading.
    const card = page
      .getByRole('region', { name: 'Bookings' })
      .getByRole('heading', { name: 'Holds to confirm' })
      .locator('xpath=..');
    const holds = card.getByRole('link');
    await holds.first().waitFor();
    const names = await holds.evaluateAll((links) =>
      links.map((link) => link.querySelector('span')?.textContent),
    );
    expect(names).toEqual(['Tom Jones', 'Greenwood Scouts']);
    // The hold five days ahead lapses at 00:00 London two days before its first day, well inside
    // the 14 days a hold otherwise lasts.
    const moment = londonInstants({
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const lapse = londonMidnight(addDays(londonDay(Date.now()), 5 - 2));
    await expect(holds.first().textContent()).resolves.toContain(
      `Hold lapses ${moment(new Date(lapse).toISOString())}`,
    );
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
