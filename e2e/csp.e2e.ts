// The Content-Security-Policy in a real browser. Every page any e2e test opens is watched, and a test
// that causes a violation fails (support/csp.ts; `npm run screenshots` watches every screen at both
// widths the same way). Here: what loads only on use — the ALTCHA worker, the lightbox, the YouTube
// player, upload previews — runs without a violation, and the policy really blocks an injected
// inline script.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { openSignedIn } from './support/admin.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP } from './support/browser.ts';

const DEMO_VIDEO = path.resolve('demo/media/demo-targets.mp4');
const PICTURE = path.resolve('public/icon-192.png');

describeE2e('Content-Security-Policy in the browser', () => {
  const e2e = useE2eServer();
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  async function openPage(): Promise<Page> {
    const context = await e2e.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    contexts.push(context);
    // The player is loaded for real; answered here, as the test machine has no internet.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    return context.newPage();
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
      const page = await openPage();
      await page.context().addCookies([{ name: 'cookie_consent', value: 'true', url: e2e.server.url }]);
      await page.goto(`${e2e.server.url}/`);
      await page.waitForLoadState('networkidle');

      // The widget solves its proof of work in a worker made from a blob: URL; solved, it fills its input.
      const form = page.getByRole('form', { name: 'Booking enquiry' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).focus();
      await page.waitForFunction(
        () => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value,
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
    } finally {
      await e2e.server.started.services.content.remove('videos', clip.id);
    }
  });

  it('shows the local previews of an image and a video being uploaded without a violation', async () => {
    const page = await openPage();
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
  });

  it('blocks a script injected into a page, and reports it', async () => {
    const page = await openPage();
    await page.goto(`${e2e.server.url}/`);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      // An inline script runs as it is appended, if it runs at all.
      document.body.append(script);
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    // Reported twice over, and taken here so that this test's own violation does not fail it: by the
    // page's securitypolicyviolation event and in the console.
    const reported: string[] = [];
    await expect
      .poll(() => {
        reported.push(...e2e.csp.take());
        return [/script-src-elem inline/, /inline script violates .*The action has been blocked/].map(
          (report) => reported.some((violation) => report.test(violation)),
        );
      })
      .toEqual([true, true]);
  });
});
