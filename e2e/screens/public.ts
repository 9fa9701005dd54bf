import type { Page } from 'playwright-core';
import { enquiryForm, fillEnquiry } from '../support/enquiry-form.ts';
import type { TestServer } from '../support/server.ts';
import type { Screen } from './screen.ts';
import { ALL_DRAWN_CLASS } from '../../src/web/public/drawn-before-jumps.ts';

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

/**
 * Scrolls through the page so every lazy picture is loaded before a full-page screenshot, and draws
 * every section: those below the hero are drawn only near the screen (content-visibility), which a
 * full-page screenshot is not, so it showed them empty. The page does the same before a jump.
 */
async function loadLazyPictures(page: Page) {
  await page.evaluate((drawn) => document.documentElement.classList.add(drawn), ALL_DRAWN_CLASS);
  await page.evaluate(async () => {
    // Each step drawn twice over: the browser has seen which lazy pictures came near and asked for them.
    const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await drawn();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Every picture a full-page screenshot shows; a carousel's slides off to the side (a phone shows
  // three of six) are never asked for, and a hidden one has no box.
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      return image.complete || box.width === 0 || box.right <= 0 || box.left >= window.innerWidth;
    }),
  );
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

/** The four fields as a visitor fills them in. */
const fillPriyasEnquiry = (page: Page) =>
  fillEnquiry(page, {
    name: 'Priya Shah',
    email: 'priya@example.co.uk',
    organisation: 'Northfield Summer Festival',
    message: 'Two days in August.',
  });

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
      const form = enquiryForm(page);
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
      await fillPriyasEnquiry(page);
      await enquiryForm(page).getByRole('button', { name: 'SEND ENQUIRY' }).press('Enter');
      await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).scrollIntoViewIfNeeded();
    },
  },
  {
    // Issue 28, item 4: the rate limit under the button, with the phone number and e-mail to use
    // instead (answered here, as public-enquiry.e2e.ts does: a real limit takes many enquiries).
    name: 'public-enquiry-rate-limited',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      await page.route('**/api/enquiries', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            detail: 'Too many enquiries from your address. Please try again in 5 minutes.',
            code: 'RATE_LIMITED',
          }),
        }),
      );
      await fillPriyasEnquiry(page);
      const form = enquiryForm(page);
      await form.getByRole('button', { name: 'SEND ENQUIRY' }).press('Enter');
      const notice = form.getByRole('alert');
      await notice.waitFor({ timeout: 30_000 });
      // The notice at the bottom of the screen, the form filled in above it.
      await notice.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => window.scrollBy(0, 48));
    },
  },
  {
    // Issue 28, item 4: a paste longer than the message's 5,000 characters — the count (shown from
    // 4,500) at its limit, and the warning that the end was not added.
    name: 'public-enquiry-message-limit',
    fullPage: false,
    open: async (page, server) => {
      await open('/')(page, server);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      const form = enquiryForm(page);
      const message = form.getByRole('textbox', { name: 'Message', exact: true });
      const festival =
        'We would like the range for both days of our festival on 8–9 August, about 3,000 visitors a day. ';
      await page.evaluate((text) => navigator.clipboard.writeText(text), festival.repeat(60));
      await message.focus();
      await page.keyboard.press('Control+V');
      await form.getByText('5,000 of 5,000 characters', { exact: true }).waitFor();
      await form.getByText('its end was not added').waitFor();
      // The paste's focus started the captcha: solved, so the shot does not catch its spinner.
      await page.waitForFunction(
        () => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value,
      );
      // The field's label below the page's header, the count and the warning under the field.
      await message.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -120));
    },
  },
  {
    // Issue 28, item 3: at the end of the page with the consent banner open, the footer's Legal
    // Notice, Privacy Policy and Cookie settings links lie above the banner, not under it.
    name: 'public-consent-footer',
    fullPage: false,
    open: async (page, server) => {
      await open('/', { firstVisit: true })(page, server);
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      await page.locator('footer').getByRole('link', { name: 'Legal Notice', exact: true }).waitFor();
    },
  },
  { name: 'public-legal-notice', open: open('/legal-notice') },
  { name: 'public-privacy-policy', open: open('/privacy-policy') },
  { name: 'public-not-found', open: open('/nope') },
];
