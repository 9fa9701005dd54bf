// Screens that fit (issue 28, items 6 and 12): on a phone the first screen of Enquiries shows an
// enquiry — the e-mail notes fold into a line, the filters wait behind one button that counts them —
// while a laptop's layout is as before; Settings has its own menu to each section (chips on a phone,
// a column that stays in view on a laptop); the sidebar's last item is not cut off at 800 px tall.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

/** Where an element is against the window: its top and bottom, in CSS pixels. */
const place = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return { top: box.y, bottom: box.y + box.height, window: page.viewportSize()?.height ?? 0 };
};

describeE2e('admin screens that fit', () => {
  // Captcha off, so enquiries can be filed through the service; no address for notices yet, and no
  // mail server: both notes show above the list.
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  beforeAll(async () => {
    const { enquiries } = e2e.server.started.services;
    for (const name of ['Fit Alpha', 'Fit Bravo', 'Fit Charlie'])
      await enquiries.submit({
        name,
        email: `${name.replace(' ', '.').toLowerCase()}@example.co.uk`,
        organisation: 'Village fete',
        message: `We would like the range for our fete. — ${name}`,
        recaptchaToken: null,
      });
  });

  it('shows an enquiry on the first screen of a phone, with the notes and filters folded', async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await openSignedIn(page, e2e.server, '/admin/enquiries');
      const first = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem').first();
      await first.waitFor();
      // The card's name and message are above the fold.
      const heading = await place(page, first.getByText(/^Fit /).first());
      const message = await place(page, first.getByText(/We would like the range/));
      expect(heading.top).toBeGreaterThan(0);
      expect(message.bottom).toBeLessThanOrEqual(message.window);

      // The notes: one line each thing, the whole of them on request.
      const notes = page.getByRole('button', { name: /Not delivered — no mail server yet/ });
      expect(await notes.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByText('No visitor is waiting for an acknowledgement.').isVisible()).toBe(false);
      await expectNoAxeViolations(page, 'enquiries, phone, folded');
      await notes.click();
      await page.getByText(/3 enquiries have e-mails still to send/).waitFor();
      expect(await notes.getAttribute('aria-expanded')).toBe('true');

      // The filters: behind one button that says how many are on.
      const filters = page.getByRole('button', { name: /^Filters/ });
      expect(await page.getByLabel('Filter by status').isVisible()).toBe(false);
      await filters.click();
      await page.getByLabel('Filter by status').selectOption('new');
      await page.getByLabel('Search enquiries').fill('Bravo');
      const counted = page.getByRole('button', { name: 'Filters (2)', exact: true });
      expect(await counted.getAttribute('aria-describedby')).toBeTruthy();
      expect(await page.locator(`#${await counted.getAttribute('aria-describedby')}`).textContent()).toBe(
        '2 filters are on',
      );
      await page.getByText('Select all shown (1 of 3)').waitFor();
      await expectNoAxeViolations(page, 'enquiries, phone, open');
    } finally {
      await context.close();
    }
  });

  it('keeps the laptop layout: filters and notes in full, no Filters button', async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    try {
      await openSignedIn(page, e2e.server, '/admin/enquiries');
      await page.getByRole('list', { name: 'Enquiries' }).waitFor();
      expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
      expect(await page.getByLabel('Filter by status').isVisible()).toBe(true);
      expect(await page.getByLabel('Search enquiries').isVisible()).toBe(true);
      expect(await page.getByText('No visitor is waiting for an acknowledgement.').isVisible()).toBe(true);
      // Status, search and Export on one row.
      const status = await place(page, page.getByLabel('Filter by status'));
      const exportButton = await place(page, page.getByRole('button', { name: 'Export CSV' }));
      expect(Math.abs(status.bottom - exportButton.bottom)).toBeLessThan(4);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('lists every Settings section in its own menu and goes to each (%s)', async (_name, options) => {
    // Where a jump lands, not how it glides there: a smooth scroll down a long page on a loaded
    // machine can outlast a poll.
    const context = await e2e.browser.newContext({ ...options, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await openSignedIn(page, e2e.server, '/admin/settings');
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Settings sections' });
      // The menu names the sections the page shows, in the page's order.
      const headings = await page.locator('main section h2').allTextContents();
      const links = await menu.getByRole('link').allTextContents();
      expect(links.map((link) => link.toLowerCase())).toEqual(headings.map((h) => h.trim().toLowerCase()));
      expect(links.length).toBeGreaterThanOrEqual(7);
      await expectNoAxeViolations(page, `settings menu (${_name})`);

      // The page scrolls smoothly: where a heading ends up is read once it has stopped moving.
      const settledPlace = async (heading: ReturnType<Page['locator']>) => {
        let last = '';
        await expect
          .poll(async () => {
            const now = JSON.stringify(await place(page, heading));
            const still = now === last;
            last = now;
            return still;
          })
          .toBe(true);
        return place(page, heading);
      };
      // The last section cannot reach the top of the window: the page ends first.
      for (const [name, nearTop] of [
        ['Audit log', false],
        ['Business details', true],
        ['Change password', true],
      ] as const) {
        await menu.getByRole('link', { name }).click();
        const heading = page.getByRole('heading', { name, level: 2 });
        await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
        const { top, bottom, window } = await settledPlace(heading);
        expect(top, name).toBeGreaterThanOrEqual(0);
        expect(bottom, name).toBeLessThanOrEqual(window);
        if (nearTop) expect(top, name).toBeLessThan(window / 3);
        expect(new URL(page.url()).hash).toBe(`#${await heading.getAttribute('id')}`);
      }
      if (options === DESKTOP) {
        // Beside the sections and in view wherever the page is; the section read is marked.
        await menu.getByRole('link', { name: 'Business details' }).click();
        const { top, bottom, window } = await place(page, menu);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(bottom).toBeLessThanOrEqual(window);
        await expect
          .poll(() => menu.getByRole('link', { name: 'Business details' }).getAttribute('aria-current'))
          .toBe('location');
      }
    } finally {
      await context.close();
    }
  });

  it("fits the sidebar's last item in a laptop window 800 px tall", async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    try {
      await openSignedIn(page, e2e.server, '/admin/settings');
      await page.getByText('Signed in as').first().waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin' });
      const last = await place(page, nav.getByRole('link', { name: 'Settings' }));
      const list = await place(page, nav);
      expect(last.bottom).toBeLessThanOrEqual(list.bottom);
      expect(await nav.evaluate((el) => el.scrollHeight - el.clientHeight)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("closes a phone's menu when the page changes without a tap in it (the browser's Back)", async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await openSignedIn(page, e2e.server, '/admin/enquiries');
      const drawer = page.getByRole('dialog', { name: 'Admin menu' });
      await page.getByRole('button', { name: 'Menu' }).click();
      await drawer.getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Website Analytics' }).waitFor();
      await expect.poll(() => drawer.count()).toBe(0);

      await page.getByRole('button', { name: 'Menu' }).click();
      await drawer.waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Enquiries' }).first().waitFor();
      await expect.poll(() => drawer.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
