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
    // SPEC §4: the banner shows 2 s after load.
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
    },
  },
  { name: 'public-legal-notice', open: open('/legal-notice') },
  { name: 'public-privacy-policy', open: open('/privacy-policy') },
  { name: 'public-not-found', open: open('/nope') },
];
