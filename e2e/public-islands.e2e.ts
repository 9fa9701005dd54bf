// Issue 27 in a real browser: the landing page hydrates only its islands, each a React root of its
// own; a tap made before an island is live still does what it should; the sections below the hero,
// drawn only near the screen, still take a smooth jump to exactly their place (and the page opened at
// one); the hero video plays on a wide screen and not on a phone's. Issue 38: the legal pages and the
// 404 page bring their islands to life too, and one island reaches another through a shared store.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { pageSettled } from './support/islands.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { imageWidthFor } from '../src/web/lib/media.ts';

/** Where the sticky header ends: an anchored section's top lands here. */
const UNDER_HEADER = 64;

describeE2e('landing page islands', () => {
  const e2e = useE2eServer();
  const contexts: BrowserContext[] = [];

  /** A visitor who already declined cookies; smooth scrolling as most visitors have it. */
  async function visitor(options: BrowserContextOptions = PHONE): Promise<Page> {
    const context = await e2e.browser.newContext(options);
    contexts.push(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    return context.newPage();
  }

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  const topOf = (page: Page, id: string) =>
    page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);

  /**
   * Waits until `id` rests right under the header: there in two samples in a row of the poll, so a
   * smooth scroll passing by does not count. Polled from here: without JavaScript the page cannot
   * wait for anything itself.
   */
  async function restsUnderHeader(page: Page, id: string) {
    let previous = Number.NaN;
    await expect
      .poll(
        async () => {
          const top = await topOf(page, id);
          const resting = top === previous && Math.abs(top - UNDER_HEADER) < 4;
          previous = top;
          return resting ? 'resting under the header' : `at ${top}px`;
        },
        { message: id },
      )
      .toBe('resting under the header');
  }

  it('hydrates only the islands: the header, the hero and the other static sections run no component code', async () => {
    const page = await visitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${e2e.server.url}/`);
    await page.waitForLoadState('networkidle');
    const roots = await page.evaluate(() => {
      const isRoot = (element: Element) =>
        Object.keys(element).some((key) => key.startsWith('__reactContainer'));
      const rendered = (element: Element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      return {
        live: [...document.querySelectorAll<HTMLElement>('[data-island]')]
          .filter(isRoot)
          .map((element) => element.dataset.island),
        staticRendered: [
          ...document.querySelectorAll('header *, #top h1, #top a, footer a, [data-section=why-choose] *'),
        ].filter(rendered).length,
      };
    });
    // At start: the consent banner and its settings button, the toasts and the hero video.
    expect(roots.live.sort()).toEqual(['consent', 'cookie-settings', 'hero-video', 'toasts']);
    expect(roots.staticRendered).toBe(0);
    // The form and the carousel, far below, have fetched nothing yet.
    expect(scripts.filter((path) => /enquiry-form|action-carousel|altcha/.test(path))).toEqual([]);
    // The form is usable all the same: it hydrates when the visitor gets to it.
    await expect(page.locator('form[aria-label="Booking enquiry"] fieldset').isDisabled()).resolves.toBe(
      false,
    );
  });

  it("brings the legal pages' and the 404 page's islands to life, and 'Cookie settings' opens the banner", async () => {
    const pages = [
      ['/legal-notice', ['consent', 'cookie-settings', 'opens-at-top', 'toasts']],
      ['/privacy-policy', ['consent', 'cookie-settings', 'opens-at-top', 'toasts']],
      ['/no-such-page', ['consent', 'cookie-settings', 'toasts']],
    ] as const;
    for (const [path, islands] of pages) {
      const page = await visitor(DESKTOP);
      // A hydration mismatch is reported as an error on the page (React's recoverable error).
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // The 404 page's own status is logged as a failed load; that one is expected.
        if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
      });
      await page.goto(`${e2e.server.url}${path}`);
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('[data-island]')]
                .filter((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer')))
                .map((element) => element.dataset.island)
                .sort(),
            ),
          { message: path },
        )
        .toEqual([...islands]);
      // The footer's button (one island) opens the banner (another) through the consent store; this
      // visitor declined, so nothing else opens it.
      const banner = page.getByRole('region', { name: 'Cookies on this site' });
      expect(await banner.count(), path).toBe(0);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
      await banner.waitFor({ state: 'visible' });
      expect(errors, path).toEqual([]);
    }
  });

  it('opens the photo tapped before the carousel was live, once it is', async () => {
    const page = await visitor(DESKTOP);
    // The carousel's code is held back until the tap has landed: the tap comes before it has hydrated.
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/action-carousel-.*\.js$/, async (route) => {
      asked();
      await delivered;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'load' });
    const first = page.locator('[data-section=action-gallery] [aria-roledescription=slide] button').first();
    const alt = await first.locator('img').getAttribute('alt');
    await first.click();
    await requested;
    expect(
      await page.locator('.yarl__slide_current img').count(),
      'nothing opened before the code came',
    ).toBe(0);
    deliver();
    await page.locator('.yarl__slide_current img').waitFor();
    await expect(page.locator('.yarl__slide_current img').getAttribute('alt')).resolves.toBe(alt);
  });

  it('lands a smooth jump from the header exactly on its section, on a phone and a desktop', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const page = await visitor(options);
      await page.goto(`${e2e.server.url}/`);
      await page.waitForLoadState('networkidle');
      for (const [label, id] of [
        ['Contact', 'contact'],
        ['About', 'about'],
        ['Events', 'events'],
      ] as const) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
        await restsUnderHeader(page, id);
      }
    }
  });

  it('opens the page at the place its address names', async () => {
    for (const id of ['about', 'contact']) {
      const page = await visitor(PHONE);
      await page.goto(`${e2e.server.url}/#${id}`);
      // Nothing left to change the heights around the place: loaded, fonts in, no island hydrating.
      await pageSettled(page);
      await restsUnderHeader(page, id);
    }
  });

  it('lands a jump on its section without JavaScript too', async () => {
    const page = await visitor({ ...PHONE, javaScriptEnabled: false });
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await restsUnderHeader(page, 'contact');
  });

  it('plays the hero video on a wide screen, and leaves the still picture on a phone', async () => {
    const wide = await visitor(DESKTOP);
    await wide.goto(`${e2e.server.url}/`);
    await wide.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video.hero-video');
      return !!video && !video.paused && video.currentTime > 0;
    });

    const phone = await visitor(PHONE);
    const videoRequests: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'media') videoRequests.push(request.url());
    });
    await phone.clock.install();
    await phone.goto(`${e2e.server.url}/`);
    await phone.waitForLoadState('networkidle');
    // Ten seconds on the page, by its clock: no timer starts the video either.
    await phone.clock.runFor('00:10');
    const video = phone.locator('video.hero-video');
    await expect(video.evaluate((element) => (element as HTMLVideoElement).paused)).resolves.toBe(true);
    await expect(video.isVisible()).resolves.toBe(false);
    await expect(phone.locator('#top img[fetchpriority=high]').isVisible()).resolves.toBe(true);
    expect(videoRequests).toEqual([]);
  });

  // Decision 0493: a <video poster> written into the page is fetched with it, wherever the player is.
  it("asks for the gallery player's still only near the screen, at the player's size, and never for a hero video still", async () => {
    /** Opens the page; returns the paths of the stills it asks for, then and later. */
    async function openRecordingStills(page: Page): Promise<string[]> {
      const stills: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('-poster')) stills.push(new URL(request.url()).pathname);
      });
      await page.goto(`${e2e.server.url}/`);
      await page.waitForLoadState('networkidle');
      return stills;
    }
    const page = await visitor(PHONE);
    const stills = await openRecordingStills(page);
    await expect(page.locator('video[poster]').count()).resolves.toBe(0);
    // The web manifest is linked by then, once the hero was painted.
    await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe(
      '/manifest.webmanifest',
    );
    // Only the hero's picture: the still's file at the phone's width.
    expect(stills).toHaveLength(1);
    expect(stills[0]).toMatch(/hero-poster/);

    const player = page.getByLabel('Target demo');
    await player.scrollIntoViewIfNeeded();
    await expect
      .poll(() => player.getAttribute('poster'))
      .toMatch(/^\/uploads\/w\/\d+\/demo-video-demo-poster\.jpg$/);
    const devicePixels = await player.evaluate((video) => video.clientWidth * window.devicePixelRatio);
    expect(await player.getAttribute('poster')).toBe(
      `/uploads/w/${imageWidthFor(devicePixels)}/demo-video-demo-poster.jpg`,
    );
    await expect.poll(() => stills.filter((still) => still.includes('demo-poster')).length).toBe(1);

    // On a wide screen the hero's picture is a wider copy; its video, which shows nothing until it
    // plays, adds no still of its own.
    const wideStills = await openRecordingStills(await visitor(DESKTOP));
    expect(wideStills).toEqual(['/uploads/w/1280/demo-video-hero-poster.jpg']);
  });
});
