import type { Page } from 'playwright-core';
import type { TestServer } from '../support/server.ts';
import type { Screen } from './screen.ts';

/** Business details as a real owner would enter them, so the screenshots show a finished site. */
async function configureSite(server: TestServer) {
  await server.started.services.site.update(
    {
      trading_name: 'Lock & Load Ranges',
      phone: '01632 960 123',
      email: 'bookings@lockandload-ranges.co.uk',
      facebook_url: 'https://www.facebook.com/lockandloadranges',
      instagram_url: 'https://www.instagram.com/lockandloadranges',
      tiktok_url: 'https://www.tiktok.com/@lockandloadranges',
      youtube_url: 'https://www.youtube.com/@lockandloadranges',
      company_name: 'Lock & Load Ranges Ltd',
      company_number: '12345678',
      registered_address: 'Unit 4, Mill Lane Industrial Estate, Reading, RG1 2AB',
    },
    null,
  );
}

/** Scrolls through the page so every lazy picture is loaded before a full-page screenshot. */
async function loadLazyPictures(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** A returning visitor who already chose (no banner), unless `firstVisit` shows the consent banner. */
const open =
  (path: string, { firstVisit = false } = {}) =>
  async (page: Page, server: TestServer) => {
    await configureSite(server);
    if (!firstVisit)
      await page.context().addCookies([{ name: 'cookie_consent', value: 'false', url: server.url }]);
    await page.goto(`${server.url}${path}`);
    await loadLazyPictures(page);
    // The banner shows 2 s after load.
    if (firstVisit) await page.getByRole('button', { name: 'Accept' }).waitFor();
  };

export const PUBLIC_SCREENS: Screen[] = [
  { name: 'public-landing', open: open('/') },
  {
    name: 'public-landing-top',
    fullPage: false,
    open: open('/', { firstVisit: true }),
  },
  {
    name: 'public-landing-gallery',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      await page.locator('#action-heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
    },
  },
  {
    name: 'public-landing-lightbox',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      await page
        .getByRole('button', { name: /enlarge/ })
        .first()
        .click();
      await page.locator('.yarl__slide_current img').waitFor();
      // The enlarged picture itself, not the lightbox's spinner.
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
    },
  },
  {
    // Issue 16: SEND ENQUIRY on an empty form, then an address without a domain.
    name: 'public-enquiry-errors',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      const form = page.getByRole('form', { name: 'Booking enquiry' });
      await form.getByRole('button', { name: 'SEND ENQUIRY' }).click();
      await form.getByText('Message is required').waitFor();
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('priya@gmail');
      await form.getByRole('textbox', { name: 'Organisation or occasion', exact: true }).focus();
      await form.getByText('Email must be an e-mail address such as name@example.com').waitFor();
      await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -100));
    },
  },
  {
    // The success panel with focus on it (answered here, so no enquiry is stored by a screenshot).
    name: 'public-enquiry-sent',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      await page.route('**/api/enquiries', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
      );
      const form = page.getByRole('form', { name: 'Booking enquiry' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Priya Shah');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('priya@example.co.uk');
      await form
        .getByRole('textbox', { name: 'Organisation or occasion', exact: true })
        .fill('Northfield Summer Festival');
      await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Two days in August.');
      await form.getByRole('button', { name: 'SEND ENQUIRY' }).press('Enter');
      await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'public-legal-notice', open: open('/legal-notice') },
  { name: 'public-privacy-policy', open: open('/privacy-policy') },
  { name: 'public-not-found', open: open('/nope') },
];
