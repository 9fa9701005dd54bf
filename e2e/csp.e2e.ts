// The Content-Security-Policy in a real browser: every public page and admin screen (the screenshot
// lists), plus what loads only on use — the ALTCHA worker, the lightbox, the YouTube player, upload
// previews and the 2FA QR code — runs with zero CSP violations; and the policy really blocks an
// injected inline script.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { openSignedIn } from './support/admin.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP } from './support/browser.ts';
import { ADMIN_BOOKINGS_SCREENS } from './screens/admin-bookings.ts';
import { ADMIN_CONTENT_SCREENS } from './screens/admin-content.ts';
import { ADMIN_CORE_SCREENS } from './screens/admin-core.ts';
import { PUBLIC_SCREENS } from './screens/public.ts';

const DEMO_VIDEO = path.resolve('demo/media/demo-targets.mp4');
const PICTURE = path.resolve('public/icon-192.png');

describeE2e('Content-Security-Policy in the browser', () => {
  const e2e = useE2eServer();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /**
   * A page whose CSP reports (the `securitypolicyviolation` events, and any console message about the
   * policy) are collected, and whose documents are checked to carry a policy at all (zero violations
   * without one would prove nothing).
   */
  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await e2e.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    contexts.push(context);
    // The player is loaded for real; answered here, as the test machine has no internet.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const violations: string[] = [];
    await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      const page = window as unknown as { reportCspViolation(text: string): void };
      document.addEventListener('securitypolicyviolation', (event) =>
        page.reportCspViolation(
          `${location.href}: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`,
        ),
      );
    });
    const page = await context.newPage();
    // What the browser reports only in the console (e.g. a refused worker).
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'document' || !response.url().startsWith(e2e.server.url))
        return;
      if (!/script-src 'self'/.test(response.headers()['content-security-policy'] ?? ''))
        violations.push(`${response.url()}: no Content-Security-Policy`);
    });
    return { page, violations };
  }

  for (const screen of [
    ...PUBLIC_SCREENS,
    ...ADMIN_CORE_SCREENS,
    ...ADMIN_CONTENT_SCREENS,
    ...ADMIN_BOOKINGS_SCREENS,
  ]) {
    it(`shows ${screen.name} without a single violation`, async () => {
      const { page, violations } = await watchedPage();
      await screen.open(page, e2e.server);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });
  }

  it('starts the ALTCHA check, opens the lightbox and plays a YouTube video without a violation', async () => {
    const clip = await e2e.server.started.services.content.create('videos', {
      title: 'CSP clip',
      video_type: 'youtube',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnail_url: '',
      description: '',
      category: 'promo',
      order: 99,
      is_active: true,
    });
    try {
      const { page, violations } = await watchedPage();
      await page.context().addCookies([{ name: 'cookie_consent', value: 'true', url: e2e.server.url }]);
      await page.goto(`${e2e.server.url}/`);
      await page.waitForLoadState('networkidle');

      // The widget solves its proof of work in a worker made from a blob: URL; solved, it fills its input.
      const form = page.getByRole('form', { name: 'Booking enquiry' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).focus();
      await page.waitForFunction(
        () => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value,
        undefined,
        { timeout: 20_000 },
      );
      await page
        .getByRole('button', { name: /enlarge/ })
        .first()
        .click();
      await page.locator('.yarl__slide_current img').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Play video: CSP clip' }).click();
      // The player's document loaded: frame-src let it in.
      await page
        .frameLocator('iframe[src^="https://www.youtube-nocookie.com/"]')
        .locator('title')
        .waitFor({ state: 'attached' });
      expect(violations).toEqual([]);
    } finally {
      await e2e.server.started.services.content.remove('videos', clip.id);
    }
  });

  it('shows the local previews of an image and a video being uploaded without a violation', async () => {
    const { page, violations } = await watchedPage();
    await openSignedIn(page, e2e.server, '/admin/videos');
    await page.getByRole('button', { name: 'Add Video' }).click();
    // Hold the uploads back, so the previews are the browser's own blob: copies.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(PICTURE);
    await page.waitForSelector('img[alt="Preview of thumbnail"][src^="blob:"]');
    await page.getByText('Upload a file').click();
    await page.getByLabel('Video file', { exact: true }).setInputFiles(DEMO_VIDEO);
    await page.waitForSelector('video[aria-label="Preview of video file"][src^="blob:"]');
    await page.waitForFunction(() =>
      [...document.images].some(
        (image) => image.src.startsWith('blob:') && image.complete && image.naturalWidth > 0,
      ),
    );
    release();
    await page.getByText('File uploaded successfully').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('blocks a script injected into a page, and reports it', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${e2e.server.url}/`);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      // An inline script runs as it is appended, if it runs at all.
      document.body.append(script);
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
  });
});
