// The server-rendered pages as a browser sees them: status codes, hydration without warnings, the
// admin client only under /admin, and compressed delivery.
import { expect, it } from 'vitest';
import { describeE2e, useE2eServer } from './support/e2e.ts';

describeE2e('server-rendered pages', () => {
  const e2e = useE2eServer();

  it('renders the three public pages with 200 and hydrates them without console errors', async () => {
    for (const path of ['/', '/legal-notice', '/privacy-policy']) {
      const page = await e2e.browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const response = await page.goto(`${e2e.server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      await page.close();
    }
  });

  it('answers an unknown page with a real 404 page', async () => {
    const page = await e2e.browser.newPage();
    const response = await page.goto(`${e2e.server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('link', { name: /home/i }).count()).resolves.toBeGreaterThan(0);
    await page.close();
  });

  it('sends the page and its script brotli-compressed, and no admin code to the public page', async () => {
    const page = await e2e.browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const response = await page.goto(`${e2e.server.url}/`);
    expect(response?.headers()['content-encoding']).toBe('br');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /admin/.test(url))).toEqual([]);
    await page.close();
  });

  it('loads the admin client under /admin: a visitor without a session sees its sign-in screen', async () => {
    const page = await e2e.browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const response = await page.goto(`${e2e.server.url}/admin`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(/\/admin\/login$/);
    // The admin client ran: its own script came, and it drew the sign-in form.
    expect(scripts.filter((url) => /admin/.test(url)).length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Admin Login');
    await expect(page.getByLabel('Email').isVisible()).resolves.toBe(true);
    await page.close();
  });
});
