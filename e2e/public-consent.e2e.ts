// Cookie consent and the two trackers in a real browser (docs/product.md#consent): the banner after 2 s, both
// cookies and their lifetimes, no tracking request without consent or after withdrawal, and no
// third-party request before the visitor acts; and issue 16: the banner a few Tabs from the top of the
// page, focus back where the visitor was after a choice, and the hero's buttons never covered.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  INACTIVITY_CHECK_MS,
  INACTIVITY_LIMIT_MS,
  MIN_SECTION_VIEW_MS,
} from '../src/web/public/tracking/tracking-constants.ts';
import { CONSENT_BANNER_DELAY_MS } from '../src/web/public/consent/consent-store.ts';
import { animationsSettled, axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, framesDrawn, PHONE, recordForeignRequests } from './support/browser.ts';

const DAY_S = 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isTracking = (request: Request) =>
  /\/api\/(track|analytics\/track)$/.test(new URL(request.url()).pathname);

/**
 * The user agent of the same browser as a visitor runs it: the server counts a headless browser as a
 * bot (docs/decisions/0402), and this one runs headless.
 */
const visitorUserAgent = (browser: Browser) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;

describeE2e('cookie consent and tracking', () => {
  const e2e = useE2eServer();

  /**
   * A fresh visitor (no cookies) and every tracking request their page makes. The page runs on a
   * clock the test moves (it also flows on its own): waits for the banner and the trackers are the
   * page's own timers run forward, not sleeps that a slow machine could outlast.
   */
  async function visitor(
    options = PHONE,
  ): Promise<{ context: BrowserContext; page: Page; tracked: Request[] }> {
    const context = await e2e.browser.newContext({ ...options, userAgent: visitorUserAgent(e2e.browser) });
    await context.clock.install();
    const page = await context.newPage();
    const tracked: Request[] = [];
    page.on('request', (request) => {
      if (isTracking(request)) tracked.push(request);
    });
    return { context, page, tracked };
  }

  const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

  /**
   * Resolves once the browser has told intersection observers that `selector` is on screen: the
   * trackers' observers, made earlier, hear it in the same update, so their clocks are running.
   */
  const seenOnScreen = (page: Page, selector: string) =>
    page.evaluate(
      (target) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver((entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(document.querySelector(target)!);
        }),
      selector,
    );

  /**
   * Runs every timer a tracker could be waiting on — a section's 2 s, the inactivity checks up to
   * their 60 s limit — then one round trip to the page, so any request a tracker made has been seen:
   * "nothing was tracked" after this means nothing, not "nothing yet".
   */
  async function runEveryTrackerTimer(page: Page) {
    await page.clock.runFor(INACTIVITY_LIMIT_MS + INACTIVITY_CHECK_MS);
    await page.evaluate(() => document.readyState);
  }

  async function cookie(context: BrowserContext, name: string) {
    return (await context.cookies()).find((c) => c.name === name);
  }

  /**
   * Scrolls through the whole page, so every section is seen for a moment: each step lands and is
   * drawn (the trackers' intersection observers told), then 60 ms pass on the page's clock.
   */
  async function browseWholePage(page: Page) {
    const [top, height] = await page.evaluate(() => [window.scrollY, document.documentElement.scrollHeight]);
    for (let y = top + 400; y < height + 400; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(
        (target) =>
          window.scrollY >= Math.min(target, document.documentElement.scrollHeight - window.innerHeight) - 1,
        y,
      );
      await framesDrawn(page);
      await page.clock.runFor(60);
    }
  }

  async function storedEvents(sessionId: string) {
    await e2e.server.started.services.analytics.flush();
    return e2e.server.started.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
  }

  it('shows the banner 2 s after load (not at 1 s), accessible, with no request to any other host', async () => {
    const { context, page, tracked } = await visitor();
    const foreign = recordForeignRequests(page, e2e.server.url);
    // When the page's script has hydrated it (the enquiry form, disabled until then, is enabled) and
    // when the banner first appears, on the page's own clock: a loaded test machine may take a while
    // to serve the page, and the 2 s count from the page being ready.
    await page.addInitScript(() => {
      const w = window as unknown as { readyAt?: number; bannerAt?: number };
      new MutationObserver(() => {
        if (
          w.readyAt === undefined &&
          document.querySelector('form[aria-label="Booking enquiry"] fieldset:enabled')
        )
          w.readyAt = performance.now();
        if (w.bannerAt === undefined && document.querySelector('[aria-labelledby="cookie-consent-title"]'))
          w.bannerAt = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { readyAt?: number }).readyAt !== undefined);
    await page.clock.runFor(CONSENT_BANNER_DELAY_MS / 2);
    expect(await banner(page).count()).toBe(0);
    await page.clock.runFor(CONSENT_BANNER_DELAY_MS);
    await banner(page).waitFor({ state: 'visible' });
    const { readyAt, bannerAt } = await page.evaluate(() => {
      const w = window as unknown as { readyAt: number; bannerAt: number };
      return { readyAt: w.readyAt, bannerAt: w.bannerAt };
    });
    expect(bannerAt - readyAt).toBeGreaterThan(1500);
    expect(bannerAt - readyAt).toBeLessThan(3000);

    // Accept and Decline are equally prominent: same size, same look.
    const accept = banner(page).getByRole('button', { name: 'Accept' });
    const decline = banner(page).getByRole('button', { name: 'Decline' });
    const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
    expect(a && d && Math.abs(a.width - d.width) < 1 && Math.abs(a.height - d.height) < 1).toBe(true);
    expect(await accept.getAttribute('class')).toBe(await decline.getAttribute('class'));
    await expect(
      banner(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
    ).resolves.toBe('/privacy-policy');
    // On the phone: fixed, full width, right under the sticky header (once it has slid in), where it
    // leaves the hero's buttons free (issue 16; more sizes below).
    await animationsSettled(page);
    await expect.poll(() => banner(page).boundingBox()).toMatchObject({ x: 0, y: 64, width: 390 });

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await browseWholePage(page);
    await runEveryTrackerTimer(page);
    expect(tracked.map((r) => r.url())).toEqual([]);
    expect(foreign).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('Accept stores the choice for 365 days and a session id for 30, and tracking starts at once', async () => {
    const { context, page, tracked } = await visitor(DESKTOP);
    await page.goto(`${e2e.server.url}/`);
    await banner(page).waitFor({ state: 'visible' });
    const pageView = page.waitForRequest(
      (r) => r.url().endsWith('/api/track') && r.postDataJSON()?.event_type === 'page_view',
    );
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page).count()).resolves.toBe(0);

    const now = Date.now() / 1000;
    const consent = await cookie(context, 'cookie_consent');
    const session = await cookie(context, 'session_id');
    expect(consent).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax', secure: false });
    expect(Math.abs((consent?.expires ?? 0) - (now + 365 * DAY_S))).toBeLessThan(120);
    expect(session?.value).toMatch(UUID);
    expect(session).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(Math.abs((session?.expires ?? 0) - (now + 30 * DAY_S))).toBeLessThan(120);

    const sent = (await pageView).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      event_type: 'page_view',
      page: '/',
      session_id: session?.value,
      element: null,
      view_id: null,
    });

    // Tracker 2: section impressions (and dwells as sections leave view) as beacons.
    const impression = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/analytics/track') && r.postDataJSON()?.event_type === 'section_impression',
    );
    await browseWholePage(page);
    const impressionBody = (await impression).postDataJSON() as Record<string, unknown>;
    expect(impressionBody).toMatchObject({ session_id: session?.value, page: '/', dwell_ms: null });
    expect(typeof impressionBody.section_name).toBe('string');

    // Tracker 1: a section on screen for more than 2 s is reported, with a view id, when it leaves.
    await page.locator('[data-section="contact"]').scrollIntoViewIfNeeded();
    await seenOnScreen(page, '[data-section="contact"]');
    await page.clock.runFor(MIN_SECTION_VIEW_MS + 500);
    const sectionView = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/track') &&
        r.postDataJSON()?.event_type === 'section_view' &&
        r.postDataJSON()?.element === 'contact',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await sectionView).postDataJSON()).toMatchObject({
      session_id: session?.value,
      view_id: expect.stringMatching(UUID),
    });

    // A tracked call to action is reported by its label.
    const click = page.waitForRequest(
      (r) => r.url().endsWith('/api/track') && r.postDataJSON()?.event_type === 'button_click',
    );
    await page.locator('[data-track]').first().click();
    expect(((await click).postDataJSON() as { element: string }).element).toMatch(/\S/);

    await expect
      .poll(async () => (await storedEvents(session!.value)).map((e) => e.event_type))
      .toEqual(
        expect.arrayContaining([
          'page_view',
          'section_impression',
          'section_dwell',
          'section_view',
          'button_click',
        ]),
      );

    // The choice is remembered: no banner after a reload, and this page view is tracked too.
    const before = tracked.length;
    await page.reload();
    await page.clock.runFor(CONSENT_BANNER_DELAY_MS + 600);
    expect(await banner(page).count()).toBe(0);
    await expect
      .poll(() => tracked.slice(before).some((r) => r.postDataJSON()?.event_type === 'page_view'))
      .toBe(true);
    await context.close();
  });

  it('Decline stores only the choice, and not one tracking request is ever made', async () => {
    const { context, page, tracked } = await visitor();
    await page.goto(`${e2e.server.url}/`);
    await banner(page).waitFor({ state: 'visible' });
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.value])).toEqual([['cookie_consent', 'false']]);
    expect(Math.abs((cookies[0]?.expires ?? 0) - (Date.now() / 1000 + 365 * DAY_S))).toBeLessThan(120);

    await browseWholePage(page);
    await page.locator('[data-track]').first().click({ force: true });
    await runEveryTrackerTimer(page);
    await page.reload();
    await page.clock.runFor(CONSENT_BANNER_DELAY_MS + 600);
    expect(await banner(page).count()).toBe(0);
    await browseWholePage(page);
    await page.goto(`${e2e.server.url}/privacy-policy`);
    await runEveryTrackerTimer(page);
    expect(tracked.map((r) => r.url())).toEqual([]);
    await context.close();
  });

  it("'Cookie settings' reopens the choice; withdrawing deletes the session id and stops tracking at once", async () => {
    const { context, page, tracked } = await visitor(DESKTOP);
    await page.goto(`${e2e.server.url}/`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => tracked.length).toBeGreaterThan(0);

    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.scrollIntoViewIfNeeded();
    await settings.click();
    await expect(banner(page).isVisible()).resolves.toBe(true);
    // Opened on purpose: focus moves into the banner.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
      'cookie-consent-title',
    );

    // Whatever the accepted page had to send has been sent before the choice changes.
    await runEveryTrackerTimer(page);
    const before = tracked.length;
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    expect(await cookie(context, 'session_id')).toBeUndefined();
    expect((await cookie(context, 'cookie_consent'))?.value).toBe('false');
    // And back to 'Cookie settings' once the choice is made.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cookie settings');

    await page.evaluate(() => window.scrollTo(0, 0));
    await browseWholePage(page);
    await page.locator('[data-track]').first().click({ force: true });
    await runEveryTrackerTimer(page);
    await page.goto(`${e2e.server.url}/legal-notice`);
    await runEveryTrackerTimer(page);
    expect(tracked.slice(before).map((r) => r.postDataJSON())).toEqual([]);
    await context.close();
  });
  /** What has focus, in words: the button's or link's text, or 'body'. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      return (active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
    });

  it('is a few Tabs from the top, and Accept or Decline by keyboard puts focus back where the visitor was (issue 16)', async () => {
    for (const [options, choice] of [
      [PHONE, 'Accept'],
      [DESKTOP, 'Decline'],
    ] as const) {
      const { context, page } = await visitor(options);
      await page.goto(`${e2e.server.url}/`);
      await banner(page).waitFor({ state: 'visible' });
      const visited: string[] = [];
      while (visited.at(-1) !== choice && visited.length < 10) {
        await page.keyboard.press('Tab');
        visited.push(await focused(page));
      }
      // The skip link first, then the banner's own link and buttons.
      expect(visited).toEqual(
        choice === 'Accept'
          ? ['Skip to content', 'Privacy Policy', 'Accept']
          : ['Skip to content', 'Privacy Policy', 'Accept', 'Decline'],
      );
      await page.keyboard.press('Enter');
      await banner(page).waitFor({ state: 'detached' });
      expect((await cookie(context, 'cookie_consent'))?.value).toBe(String(choice === 'Accept'));
      // Back on the skip link, where the visitor was before entering the banner; the next Tab goes on
      // into the page.
      expect(await focused(page)).toBe('Skip to content');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-track'))).toBe('nav-logo');
      await context.close();
    }
  });

  it('returns focus to the control the visitor came from, also when they came back to it from below (issue 16)', async () => {
    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${e2e.server.url}/`);
    await banner(page).waitFor({ state: 'visible' });
    // Past the banner into the header, then back into the banner with Shift+Tab.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-track'))).toBe('nav-logo');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Decline');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Accept');
    await page.keyboard.press('Space');
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-track'))).toBe('nav-logo');
    await context.close();
  });

  it("covers neither of the hero's buttons at common desktop and phone sizes, Accept and Decline alike (issue 16)", async () => {
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [390, 844],
      [360, 740],
    ] as const) {
      const phone = width < 640;
      const { context, page } = await visitor(
        phone ? { ...PHONE, viewport: { width, height } } : { viewport: { width, height } },
      );
      await page.goto(`${e2e.server.url}/`);
      await banner(page).waitFor({ state: 'visible' });
      // The sticky header slides in: measure where everything comes to rest.
      await animationsSettled(page);
      const size = `${width}×${height}`;
      const panel = (await banner(page).boundingBox())!;
      for (const name of ['BOOK THE RANGE', 'SEE NEXT EVENTS']) {
        const button = page.locator('#top').getByRole('link', { name, exact: true });
        const box = (await button.boundingBox())!;
        const overlaps =
          box.x < panel.x + panel.width &&
          panel.x < box.x + box.width &&
          box.y < panel.y + panel.height &&
          panel.y < box.y + box.height;
        expect(overlaps, `${size}: the banner covers ${name}`).toBe(false);
        // Nothing else lies over it either: its middle is really the button, on screen.
        const onTop = await button.evaluate((link) => {
          const r = link.getBoundingClientRect();
          return link.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });
        expect(onTop, `${size}: ${name} is not the topmost element at its centre`).toBe(true);
      }
      const accept = banner(page).getByRole('button', { name: 'Accept' });
      const decline = banner(page).getByRole('button', { name: 'Decline' });
      const [a, d] = [(await accept.boundingBox())!, (await decline.boundingBox())!];
      expect(Math.abs(a.width - d.width) < 1 && Math.abs(a.height - d.height) < 1, size).toBe(true);
      expect(await accept.getAttribute('class')).toBe(await decline.getAttribute('class'));
      if (width === 1280 || width === 390) {
        const violations = await axeViolations(page);
        expect(violations, `${size}: ${describeViolations(violations)}`).toEqual([]);
      }
      await context.close();
    }
  });

  it('hides nothing for good: the footer scrolls above it, Tab scrolls a control clear of it, a fifth of a phone (issue 28)', async () => {
    /** Whether the middle of `control` is really the control: nothing, the banner included, lies over it. */
    const seen = (page: Page, name: string) =>
      page
        .getByRole('button', { name })
        .or(page.locator('footer').getByRole('link', { name, exact: true }))
        .first()
        .evaluate((element) => {
          const r = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });

    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${e2e.server.url}/`);
    await banner(page).waitFor({ state: 'visible' });
    // At the very end of the page every footer link lies above the banner in the bottom-right corner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const name of ['Legal Notice', 'Privacy Policy', 'Cookie settings'])
      expect(await seen(page, name), `${name} at the end of the page`).toBe(true);
    // The gallery's Next arrow scrolled to just under the banner, then focused: scrolled clear of it.
    const next = page.getByRole('button', { name: 'Next photos' });
    const panel = (await banner(page).boundingBox())!;
    const underBanner = () =>
      next.evaluate(
        (arrow, bannerMiddle) => {
          const { top, height } = arrow.getBoundingClientRect();
          // Instant: the page scrolls smoothly by default, and a check made mid-scroll sees nothing.
          window.scrollBy({ top: top + height / 2 - bannerMiddle, behavior: 'instant' });
        },
        panel.y + panel.height / 2,
      );
    await underBanner();
    // The carousel comes alive once seen (its arrows enabled); sections drawn on the way may move it.
    await expect.poll(() => next.isEnabled()).toBe(true);
    // Placed again until it stays there: a section drawn on the way in may still move it.
    await expect
      .poll(
        async () => {
          await underBanner();
          return seen(page, 'Next photos');
        },
        { message: 'Next photos, placed under the banner' },
      )
      .toBe(false);
    // Focus moved to it, as Tab moves it (the browser scrolls a focused control into view alike).
    await next.focus();
    // (A smooth scroll: it takes a moment.)
    await expect.poll(() => seen(page, 'Next photos'), { message: 'Next photos, focused' }).toBe(true);
    await context.close();

    const phone = await visitor(PHONE);
    await phone.page.goto(`${e2e.server.url}/`);
    await banner(phone.page).waitFor({ state: 'visible' });
    const onPhone = (await banner(phone.page).boundingBox())!;
    const screenHeight = PHONE.viewport!.height;
    expect(onPhone.height / screenHeight, `${onPhone.height} px of ${screenHeight}`).toBeLessThanOrEqual(
      0.22,
    );
    await phone.context.close();
  });

  it('is not part of the page without JavaScript, which reads as before (issue 16)', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    // No script runs, so there is nothing to wait for: the served page is all there is.
    expect(await banner(page).count()).toBe(0);
    expect(await page.locator('#cookie-consent-title').count()).toBe(0);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).resolves.toBe(
      '#main',
    );
    await context.close();
  });
});
