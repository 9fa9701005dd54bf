// The public landing page, legal pages and 404 page in a real browser: the sections of
// docs/product.md#landing-page in order, anchors, the upcoming-events rule, hidden empty sections, the lazy
// lightbox (with captions and a counter), the carousel's slides per breakpoint, the page without JavaScript,
// the embedded events (no second request) and the stale-tab refresh with its toast, the calendar links, the
// phone header, hero label and footer tap targets, third-party requests and axe-core.
import fs from 'node:fs';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { addDays, londonDay } from '../src/shared/london-days.ts';
import { formatEventDate } from '../src/web/lib/dates.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE, recordForeignRequests } from './support/browser.ts';

const SECTION_ORDER = [
  'hero',
  'next-events',
  'why-choose',
  'game-modes',
  'action-gallery',
  'about',
  'corporate',
  'testimonials',
  'contact',
  'badges',
  'partners',
];

const LEGAL_NOTICE_SECTIONS = [
  'Company Information',
  'Disclaimer',
  'Limitation of Liability',
  'Privacy Policy',
  'Intellectual Property',
  'Third-Party Links',
  'Governing Law',
  'Changes',
];
const PRIVACY_SECTIONS = [
  'Introduction',
  'Data We Collect',
  'How We Use Your Data',
  'Data Storage and Security',
  'Data Retention',
  'Data Sharing',
  'Your Rights',
  'Contact Us',
  'Changes',
];

/** Each landing section's name and heading text, in page order. */
const sectionHeadings = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-section]')].map((section) => ({
      name: section.dataset.section ?? '',
      heading: document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
    })),
  );

const eventNames = (page: Page) =>
  page.locator('#events ol[aria-label="Upcoming events"] h3').allTextContents();

describeE2e('public landing page', () => {
  const e2e = useE2eServer();
  const contexts: BrowserContext[] = [];

  /** A fresh context with the cookie choice already made, so the consent banner stays out of the way. */
  async function openPage(path: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
    const context = await e2e.browser.newContext({ ...options, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}${path}`);
    await page.waitForLoadState('networkidle');
    return page;
  }

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  it('shows the h1 and the thirteen sections of the landing page in order, with their buttons', async () => {
    const page = await openPage('/');
    await expect(page.locator('h1').textContent()).resolves.toBe('LOCK IN. TAKE AIM. EXPERIENCE THE THRILL.');
    const sections = await sectionHeadings(page);
    expect(sections.map((s) => s.name)).toEqual(SECTION_ORDER);
    const headings = Object.fromEntries(sections.map((s) => [s.name, s.heading]));
    expect(headings['next-events']).toBe('NEXT THREE EVENTS');
    expect(headings['why-choose']).toContain('WHY CHOOSE');
    expect(headings['action-gallery']).toBe('SEE THE RANGE IN ACTION');
    expect(headings.about).toBe('WHAT WE DELIVER');
    expect(headings.partners).toBe('AS SEEN AT');

    // Header first, footer last, and every CTA is a real link to its anchor.
    await expect(
      page
        .locator('header')
        .first()
        .evaluate((el) => el.nextElementSibling?.tagName),
    ).resolves.toBe('MAIN');
    for (const [name, href] of [
      ['BOOK THE RANGE', '#contact'],
      ['SEE NEXT EVENTS', '#events'],
      ['ENQUIRE ABOUT BOOKING', '#contact'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true }).first().getAttribute('href')).resolves.toBe(
        href,
      );
    }
    for (const name of ['Target Practice', 'Reaction Test', 'Time Trial', 'Hostage Rescue']) {
      await expect(
        page.locator('#modes-single').locator('..').getByText(name, { exact: true }).count(),
      ).resolves.toBe(1);
    }
    for (const name of ['Two Shooter Flip', 'Multi-Shooter Gallery', 'Team Domination']) {
      await expect(
        page.locator('#modes-multi').locator('..').getByText(name, { exact: true }).count(),
      ).resolves.toBe(1);
    }
    // At most three testimonials, each with an accessible rating.
    const ratings = await page
      .locator('[data-section=testimonials] [role=img]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.length).toBeLessThanOrEqual(3);
    for (const label of ratings) expect(label).toMatch(/^Rated [1-5] out of 5$/);

    // The footer's details come from the site settings.
    const site = await e2e.server.started.services.site.get();
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: site.phone }).getAttribute('href')).resolves.toMatch(
      /^tel:/,
    );
    await expect(footer.getByRole('link', { name: site.email }).getAttribute('href')).resolves.toBe(
      `mailto:${site.email}`,
    );
    await expect(footer.getByRole('link', { name: 'Legal Notice' }).getAttribute('href')).resolves.toBe(
      '/legal-notice',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe(
      '/privacy-policy',
    );
    await expect(footer.textContent()).resolves.toContain(`Company number ${site.company_number}`);
  });

  it('header buttons scroll to #events, #about and #contact', async () => {
    const page = await openPage('/', PHONE);
    for (const [label, id] of [
      ['Events', 'events'],
      ['About', 'about'],
      ['Contact', 'contact'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await page.waitForFunction((target) => {
        const top = document.getElementById(target)!.getBoundingClientRect().top;
        return Math.abs(top - 64) < 4;
      }, id);
      expect(new URL(page.url()).hash).toBe(`#${id}`);
    }
  });

  it('lists only events dated today or later, ascending, at most three', async () => {
    const content = e2e.server.started.services.content;
    const today = londonDay(Date.now());
    const event = (name: string, date: string, order: number) =>
      content.create('events', {
        name,
        location: 'Test Park',
        date,
        link: '',
        image_url: '',
        order,
        is_active: true,
      });
    await event('Yesterday Gala', addDays(today, -1), -30);
    const farFuture = await event('Far Future Fair', '2099-01-01', -20);
    const todays = await event('Today Showcase', today, -10);

    let page = await openPage('/');
    const demoUpcoming = (await content.adminList('events'))
      .filter((e) => e.is_active && e.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
    let names = await eventNames(page);
    expect(names).toEqual(demoUpcoming.slice(0, 3).map((e) => e.name));
    expect(names[0]).toBe('Today Showcase');
    expect(names).not.toContain('Yesterday Gala');
    expect(names).not.toContain('Far Future Fair');
    await expect(page.locator('#events').textContent()).resolves.toContain(formatEventDate(today));

    // Hiding today's event lets the next one in; the page is re-rendered after the change.
    await content.update('events', todays.id, { is_active: false });
    page = await openPage('/');
    names = await eventNames(page);
    expect(names).toHaveLength(3);
    expect(names).not.toContain('Today Showcase');
    const dates = await page
      .locator('#events time')
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((date) => date! >= today)).toBe(true);

    await content.remove('events', todays.id);
    await content.remove('events', farFuture.id);
  });

  it("puts an event in the visitor's calendar: the card's .ics, Google Calendar and the whole feed (issue 17)", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage('/', viewport);
      const [first] = await eventNames(page);
      const card = page.locator('#events ol[aria-label="Upcoming events"] > li').first();
      const [eventFile] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('link', { name: new RegExp(`^Add to calendar\\W+${first}$`) }).click(),
      ]);
      expect(eventFile.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
      const text = fs.readFileSync((await eventFile.path())!, 'utf8');
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${first!.replace(/([,;])/g, '\\$1')}\r\n`);

      const day = await card.locator('time').getAttribute('datetime');
      const google = new URL(
        (await card
          .getByRole('link', { name: new RegExp(`^Google Calendar\\W+add ${first}`) })
          .getAttribute('href'))!,
      );
      expect(google.host).toBe('calendar.google.com');
      expect(google.searchParams.get('text')).toBe(first);
      expect(google.searchParams.get('dates')).toBe(
        `${day!.replaceAll('-', '')}/${addDays(day!, 1).replaceAll('-', '')}`,
      );

      const [feed] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Add all our events to your calendar' }).click(),
      ]);
      expect(feed.suggestedFilename()).toBe('events.ics');
      const all = fs.readFileSync((await feed.path())!, 'utf8').replace(/\r\n /g, '');
      for (const name of await eventNames(page))
        expect(all).toContain(`SUMMARY:${name.replace(/([,;])/g, '\\$1')}\r\n`);

      // Each link is a comfortable tap target on a phone.
      for (const box of await card
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)))
        expect(box).toBeGreaterThanOrEqual(24);
    }
  });

  it("names each event's links in whole words, in the text and in Chromium's accessibility tree (issue 28)", async () => {
    const page = await openPage('/');
    // The text, as tools that read it take it (Lighthouse's link-text audit among them).
    const texts = await page
      .locator('#events ol[aria-label="Upcoming events"] a')
      .evaluateAll((links) => links.map((link) => link.textContent ?? ''));
    const moreInfo = texts.filter((text) => text.startsWith('More info'));
    expect(moreInfo.length).toBeGreaterThan(0);
    for (const text of moreInfo) expect(text).toMatch(/^More info about \S.* \(opens in a new tab\)$/);
    for (const text of texts.filter((text) => text.startsWith('Add to calendar')))
      expect(text).toMatch(/^Add to calendar: \S/);
    // Chromium's own names (Playwright's put spaces of their own between the parts).
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string } }[];
    };
    const names = nodes.filter((node) => node.role?.value === 'link').map((node) => node.name?.value ?? '');
    const moreInfoNames = names.filter((name) => name.startsWith('More info'));
    expect(moreInfoNames).toHaveLength(moreInfo.length);
    for (const name of moreInfoNames) expect(name).toMatch(/^More info about \S.* \(opens in a new tab\)$/);
  });

  it('uses the events embedded in the page: no request for them after hydration (issue 16)', async () => {
    const context = await e2e.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/cms/')) asked.push(request.url());
    });
    await page.clock.install();
    await page.goto(`${e2e.server.url}/`);
    await page.waitForLoadState('networkidle');
    // A minute on the page (well inside EVENTS_STALE_MS): no timer asks for them.
    await page.clock.runFor('01:00');
    // Coming back to the tab soon after changes nothing either. The request for the health check,
    // made after the event, arrives after any request the event would have made.
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/health')),
      page.evaluate(() => {
        document.dispatchEvent(new Event('visibilitychange'));
        void fetch('/api/health');
      }),
    ]);
    expect(asked).toEqual([]);
    expect((await eventNames(page)).length).toBeGreaterThan(0);
  });

  it('brings a tab left open for a while up to date when the visitor comes back, with the toast when that fails', async () => {
    const context = await e2e.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    contexts.push(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.clock.install();
    const tomorrow = addDays(londonDay(Date.now()), 1);
    let answer: 'fresh' | 'down' = 'fresh';
    await page.route('**/api/cms/events', (route) =>
      answer === 'fresh'
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              success: true,
              events: [
                {
                  id: 999,
                  name: 'Pop-up Range Night',
                  location: 'Reading',
                  date: tomorrow,
                  link: '',
                  image_url: '',
                  order: 0,
                  is_active: true,
                },
              ],
            }),
          })
        : route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"detail":"down","code":"DOWN"}',
          }),
    );
    await page.goto(`${e2e.server.url}/`);
    await page.waitForLoadState('networkidle');
    const shownAtLoad = await eventNames(page);
    expect(shownAtLoad.length).toBeGreaterThan(0);
    const comeBack = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

    // Half an hour later (a phone keeps tabs for days): fresh events.
    await page.clock.fastForward('31:00');
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/cms/events'));
    await comeBack();
    await refreshed;
    await expect.poll(() => eventNames(page)).toEqual(['Pop-up Range Night']);

    // Another half hour, and the server is down: an error toast, the shown events stay.
    answer = 'down';
    await page.clock.fastForward('31:00');
    await comeBack();
    await page.getByText('Error: Failed to load events. Please try again later.', { exact: true }).waitFor();
    expect(await eventNames(page)).toEqual(['Pop-up Range Night']);
  });

  it('loads the lightbox only when a photo is clicked, and it works by keyboard', async () => {
    const page = await openPage('/');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const slides = page.locator('[data-section=action-gallery] [aria-roledescription=slide] button');
    const alts = await page
      .locator('[data-section=action-gallery] [aria-roledescription=slide] img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
    expect(alts.length).toBeGreaterThan(1);
    const lightboxChunks = () => scripts.filter((url) => /gallery-lightbox/.test(url));
    expect(lightboxChunks()).toEqual([]);

    await slides.first().click();
    const current = page.locator('.yarl__slide_current img');
    await current.waitFor();
    expect(lightboxChunks()).toHaveLength(1);
    await expect(current.getAttribute('alt')).resolves.toBe(alts[0]);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (alt) => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === alt,
      alts[1],
    );
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (alt) => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === alt,
      alts[0],
    );
    await page.keyboard.press('Escape');
    await page.locator('.yarl__root').waitFor({ state: 'detached' });
  });

  it("captions each enlarged photo with its title and counts '3 of 6', at both widths (issue 16)", async () => {
    for (const options of [PHONE, DESKTOP]) {
      const page = await openPage('/', options);
      const titles = await page.evaluate(() => {
        const data = JSON.parse(document.getElementById('page-data')!.textContent!) as {
          gallery: { section: string; title: string }[];
        };
        return data.gallery.filter((g) => g.section === 'action-gallery').map((g) => g.title);
      });
      expect(titles.length).toBeGreaterThan(2);
      await page.locator('[data-section=action-gallery] [aria-roledescription=slide] button').first().click();
      const counter = page.locator('.yarl__counter');
      const caption = page.locator('.yarl__slide_current .yarl__slide_description');
      await counter.waitFor();
      await expect(counter.innerText()).resolves.toBe(`1 of ${titles.length}`);
      await expect(caption.innerText()).resolves.toBe(titles[0]);
      // One step at a time: a key pressed while the slide is still moving may be dropped.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter.innerText()).toBe(`2 of ${titles.length}`);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter.innerText()).toBe(`3 of ${titles.length}`);
      await expect.poll(() => caption.innerText()).toBe(titles[2]);
      // Readable: the caption and the counter do not sit on each other.
      const [c, t] = [(await counter.boundingBox())!, (await caption.boundingBox())!];
      expect(c.y + c.height <= t.y || t.y + t.height <= c.y).toBe(true);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('.yarl__root').waitFor({ state: 'detached' });
    }
  });

  it('fits the business name in the phone header and the hero label on one line (issue 16)', async () => {
    const site = e2e.server.started.services.site;
    const before = (await site.get()).trading_name;
    try {
      for (const name of [before, 'Lock & Load Ranges']) {
        await site.update({ trading_name: name }, null);
        for (const width of [360, 390, 1280]) {
          const page = await openPage(
            '/',
            width < 640
              ? { ...PHONE, viewport: { width, height: 800 } }
              : { viewport: { width, height: 800 } },
          );
          const measured = await page.evaluate(() => {
            const brand = document.querySelector<HTMLElement>('header a[data-track="nav-logo"] span')!;
            const label = document.querySelector<HTMLElement>('#top p')!;
            const lines = (el: HTMLElement) =>
              Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
            return {
              header: document.querySelector('header')!.getBoundingClientRect().height,
              brandLines: lines(brand),
              // Lines the whole name needs (the clamp lifted for a moment): more than shown means an ellipsis.
              brandNeeds: (() => {
                brand.style.setProperty('-webkit-line-clamp', 'none');
                const needed = lines(brand);
                brand.style.removeProperty('-webkit-line-clamp');
                return needed;
              })(),
              // The words shown at this width (the other wording is display:none): one box per line.
              labelLines: [...label.querySelectorAll('span')]
                .find((span) => span.textContent && span.getClientRects().length > 0)!
                .getClientRects().length,
              labelRight: label.getBoundingClientRect().right,
              labelText: label.innerText,
            };
          });
          const where = `${name} at ${width} px`;
          // The 64 px bar and its 1 px border: the name never makes it taller.
          expect(measured.header, where).toBe(65);
          expect(measured.brandLines, where).toBeLessThanOrEqual(width < 640 ? 2 : 1);
          expect(measured.brandNeeds, where).toBe(measured.brandLines);
          expect(measured.labelLines, where).toBe(1);
          expect(measured.labelRight, where).toBeLessThanOrEqual(width);
          expect(measured.labelText, where).toMatch(/TARGET RANGE · UK-WIDE/);
        }
      }
    } finally {
      await site.update({ trading_name: before }, null);
    }
  });

  it('gives every footer link and button a tap target of at least 24 px, at both widths (issue 16)', async () => {
    for (const options of [PHONE, DESKTOP]) {
      for (const path of ['/', '/privacy-policy']) {
        const page = await openPage(path, options);
        const targets = await page
          .locator('footer')
          .locator('a, button')
          .evaluateAll((els) =>
            els.map((el) => {
              const r = el.getBoundingClientRect();
              return {
                text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
                w: r.width,
                h: r.height,
              };
            }),
          );
        expect(targets.map((t) => t.text)).toEqual(
          expect.arrayContaining(['Legal Notice', 'Privacy Policy', 'Cookie settings']),
        );
        for (const target of targets) {
          expect(target.h, `${path} ${target.text}`).toBeGreaterThanOrEqual(24);
          expect(target.w, `${path} ${target.text}`).toBeGreaterThanOrEqual(24);
        }
      }
    }
  });

  it('shows 1, 2, 3 or 4 photos per view at the carousel breakpoints', async () => {
    const page = await openPage('/');
    for (const [width, perView] of [
      [390, 1],
      [800, 2],
      [1100, 3],
      [1400, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      // The new width reaches the layout on the next frames: wait for it, then measure.
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const ratio = await page.evaluate(() => {
        const viewport = document.querySelector('[aria-roledescription=carousel] > div')!;
        const slide = viewport.querySelector('li')!;
        return viewport.getBoundingClientRect().width / slide.getBoundingClientRect().width;
      });
      expect(Math.round(ratio), `${width}px`).toBe(perView);
    }
  });

  it('keeps 16 px between photos all the way round the loop, at both widths (issue 28)', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const page = await openPage('/', options);
      await page.locator('#action-heading').scrollIntoViewIfNeeded();
      const next = page.getByRole('button', { name: 'Next photos' });
      await expect.poll(() => next.isEnabled()).toBe(true);
      /** The space between each pair of photos side by side on screen, and where the slides are. */
      const layout = () =>
        page.evaluate(() => {
          const boxes = [...document.querySelectorAll('[aria-roledescription="slide"] button')]
            .map((photo) => photo.getBoundingClientRect())
            .filter((box) => box.right > 0 && box.left < window.innerWidth)
            .sort((a, b) => a.left - b.left);
          return {
            gaps: boxes.slice(1).map((box, i) => Math.round(box.left - boxes[i]!.right)),
            at: boxes.map((box) => Math.round(box.left)).join(),
          };
        });
      // Six photos: seven steps go once round, past the place where the last meets the first.
      for (let step = 1; step <= 7; step++) {
        await next.click();
        // Settled once three samples in a row agree: two could meet mid-slide when the main thread
        // stalls a frame (an island hydrating beside the carousel, a picture decoding).
        let settled = await layout();
        let samePlace = 0;
        await expect
          .poll(async () => {
            const before = settled.at;
            settled = await layout();
            samePlace = settled.at === before ? samePlace + 1 : 0;
            return samePlace >= 2;
          })
          .toBe(true);
        for (const gap of settled.gaps) expect(gap, `step ${step}: ${settled.gaps.join(', ')}`).toBe(16);
      }
    }
  });

  it('is readable with JavaScript disabled', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'NEXT THREE EVENTS' }).isVisible()).resolves.toBe(true);
    const today = londonDay(Date.now());
    const upcoming = (await e2e.server.started.services.content.adminList('events'))
      .filter((e) => e.is_active && e.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
    for (const event of upcoming.slice(0, 3)) {
      await expect(page.getByRole('heading', { name: event.name }).isVisible()).resolves.toBe(true);
    }
    const site = await e2e.server.started.services.site.get();
    const phone = page.locator('footer').getByRole('link', { name: site.phone });
    await phone.scrollIntoViewIfNeeded();
    await expect(phone.isVisible()).resolves.toBe(true);
    // The header anchors work as plain links.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    expect(new URL(page.url()).hash).toBe('#contact');
    await expect(page.locator('#contact').isVisible()).resolves.toBe(true);
  });

  it('asks no third party for anything, and loads YouTube only after a click on play', async () => {
    const content = e2e.server.started.services.content;
    const clip = await content.create('videos', {
      title: 'Festival highlights',
      video_type: 'youtube',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnail_url: '',
      description: 'A weekend on the range',
      category: 'promo',
      order: 9,
      is_active: true,
    });
    try {
      const context = await e2e.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
      contexts.push(context);
      await context.route(/youtube|ytimg|google/, (route) => route.abort());
      const page = await context.newPage();
      const foreign = recordForeignRequests(page, e2e.server.url);
      await page.goto(`${e2e.server.url}/`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
      await expect(page.locator('iframe').count()).resolves.toBe(0);

      await page.getByRole('button', { name: 'Play video: Festival highlights' }).click();
      await expect(page.locator('iframe').getAttribute('src')).resolves.toBe(
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      );
    } finally {
      await content.remove('videos', clip.id);
    }
  });

  it('has the legal pages with every section, the effective date and the business details', async () => {
    const site = await e2e.server.started.services.site.get();
    for (const [path, sections] of [
      ['/legal-notice', LEGAL_NOTICE_SECTIONS],
      ['/privacy-policy', PRIVACY_SECTIONS],
    ] as const) {
      const page = await openPage(path, PHONE);
      const headings = await page.locator('article h2').allTextContents();
      expect(headings, path).toEqual(sections);
      await expect(page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const anchor of ['events', 'about', 'contact'])
        await expect(nav.locator(`a[href="/#${anchor}"]`).count()).resolves.toBe(1);
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain(site.phone);
      expect(text).toContain(site.email);
      await expect(page.locator('footer').textContent()).resolves.toContain(
        `Company number ${site.company_number}`,
      );
      if (path === '/privacy-policy') {
        expect(text).toContain('Effective date: 27/02/2025');
        for (const word of ['cookie_consent', 'session_id', '395 days', 'locked cabinet', 'portability'])
          expect(text).toContain(word);
      }
    }
  });

  // Eight pages, each loaded and checked by axe: more than the default minute on a busy machine.
  it('has no axe-core violations on the public pages, at both widths', { timeout: 180_000 }, async () => {
    for (const options of [PHONE, DESKTOP]) {
      for (const path of ['/', '/legal-notice', '/privacy-policy', '/no-such-page']) {
        const page = await openPage(path, options);
        const violations = await axeViolations(page);
        expect(violations, `${path}: ${describeViolations(violations)}`).toEqual([]);
      }
    }
  });

  it('marks the 404 page noindex and gives the landing page its share cards and JSON-LD', async () => {
    // Through the browser's request context: it closes its connections with the context.
    const context = await e2e.browser.newContext();
    contexts.push(context);
    const missing = await context.request.get(`${e2e.server.url}/no-such-page`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex">');
    const html = await (await context.request.get(`${e2e.server.url}/`)).text();
    expect(html).toContain(`<link rel="canonical" href="${e2e.server.url}/">`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${e2e.server.url}/uploads/`));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@type': string },
    );
    expect(blocks.map((b) => b['@type'])).toEqual(['LocalBusiness', 'Event', 'Event', 'Event']);
  });
});

describeE2e('public landing page without content', () => {
  const e2e = useE2eServer({ SEED_DEMO: 'false' });

  it('hides testimonials, badges and partners, and says when there are no events', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.waitForLoadState('networkidle');
    const names = (await sectionHeadings(page)).map((s) => s.name);
    expect(names).toEqual(SECTION_ORDER.filter((n) => !['testimonials', 'badges', 'partners'].includes(n)));
    await expect(page.getByText('No upcoming events just yet').isVisible()).resolves.toBe(true);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
