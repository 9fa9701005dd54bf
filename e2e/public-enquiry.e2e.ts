// The booking enquiry form in a real browser (SPEC §4, §5, §8): a full enquiry with a solved ALTCHA
// challenge, the success panel and the cleared form, 'SENDING...' and the blocked second submission,
// the captcha failure toast, the server's detail, and the silent timeout.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe.ts';
import { chromiumAvailable, launchBrowser, PHONE } from './support/browser.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const SESSION = '0b7f2d4e-5a61-4c3b-9e8f-1d2c3b4a5f60';

describe.skipIf(!chromiumAvailable())('booking enquiry form', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A visitor who has already made a cookie choice (so the banner does not cover the form). */
  async function visitor(consent: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext(PHONE);
    const cookies = [{ name: 'cookie_consent', value: String(consent), url: server.url }];
    if (consent) cookies.push({ name: 'session_id', value: SESSION, url: server.url });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.url}/#contact`);
    await page.waitForLoadState('networkidle');
    return { context, page };
  }

  const form = (page: Page) => page.getByRole('form', { name: 'Booking enquiry' });
  const submit = (page: Page) => form(page).getByRole('button', { name: /SEND ENQUIRY|SENDING/ });
  const toastText = (page: Page) => page.locator('[role="alert"], [role="status"]').allInnerTexts();

  /** Fills the four fields (the first focus starts the captcha) and waits for ALTCHA to be solved. */
  async function fill(page: Page, email: string, { solved = true } = {}) {
    const f = form(page);
    await f.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Carter');
    const focusedAt = Date.now();
    await f.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await f.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Northfield Summer Festival');
    await f
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill(
        'We would like the range for both days of our festival on 8–9 August, about 3,000 visitors a day.',
      );
    if (solved) {
      await f.locator('input[name="altcha"]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.waitForFunction(
        () => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value,
        undefined,
        { timeout: 20_000 },
      );
    }
    // More than the server's 3-second minimum fill time since the challenge (first focus).
    const left = 3500 - (Date.now() - focusedAt);
    if (left > 0) await page.waitForTimeout(left);
  }

  it('loads nothing for the captcha until the form is first focused', async () => {
    const { context, page } = await visitor(false);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.waitForTimeout(1500);
    expect(requests.filter((path) => /captcha|altcha/i.test(path))).toEqual([]);
    await expect(form(page).locator('input[name="website"]').getAttribute('tabindex')).resolves.toBe('-1');

    const challenge = page.waitForRequest((r) => r.url().endsWith('/api/captcha/challenge'));
    await form(page).getByRole('textbox', { name: 'Name', exact: true }).focus();
    await challenge;
    expect(requests.some((path) => /altcha/i.test(path))).toBe(true);
    await context.close();
  });

  it('sends a full enquiry with a solved ALTCHA challenge: ENQUIRY SENT!, a stored row, then the cleared form', async () => {
    const { context, page } = await visitor(true);
    await fill(page, 'sam.carter@example.co.uk');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const formSubmit = page.waitForRequest(
      (r) => r.url().endsWith('/api/track') && r.postDataJSON()?.event_type === 'form_submit',
    );
    await submit(page).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ timeout: 10_000 });
    const panelText = await page.getByRole('status').filter({ hasText: 'ENQUIRY SENT!' }).innerText();
    expect(panelText).toContain('within 24 hours');
    expect((await formSubmit).postDataJSON()).toMatchObject({ element: 'enquiry-form', session_id: SESSION });

    const rows = await server.started.db
      .selectFrom('enquiries')
      .selectAll()
      .where('email', '=', 'sam.carter@example.co.uk')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Sam Carter',
      organisation: 'Northfield Summer Festival',
      status: 'new',
    });

    // The panel stays 5 s, then the form is back and empty.
    await page.waitForTimeout(4000);
    expect(await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ state: 'detached', timeout: 3000 });
    const f = form(page);
    for (const label of ['Name', 'Email', 'Organisation', 'Message'])
      expect(await f.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it("reads 'SENDING...' while sending and blocks a second submission", async () => {
    const { context, page } = await visitor(false);
    const posts: Request[] = [];
    await page.route('**/api/enquiries', async (route) => {
      posts.push(route.request());
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await fill(page, 'twice@example.co.uk');
    await submit(page).click();
    await expect(submit(page).innerText()).resolves.toContain('SENDING...');
    await expect(submit(page).isDisabled()).resolves.toBe(true);
    await form(page).getByRole('textbox', { name: 'Message', exact: true }).press('Control+Enter');
    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ timeout: 10_000 });
    expect(posts).toHaveLength(1);
    await context.close();
  });

  it('shows the captcha failure toast when no token could be made, and sends nothing', async () => {
    const { context, page } = await visitor(false);
    await page.route('**/api/captcha/challenge', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
    );
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/enquiries')) posts.push(r.url());
    });
    await fill(page, 'nobot@example.co.uk', { solved: false });
    await submit(page).click();
    await page.getByText('Verification Failed: Please try again in a moment.').waitFor({ timeout: 20_000 });
    expect(posts).toEqual([]);
    await expect(submit(page).innerText()).resolves.toContain('SEND ENQUIRY');
    await context.close();
  });

  it("shows the server's detail as an Error toast", async () => {
    const { context, page } = await visitor(false);
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          detail: 'email must be an e-mail address such as name@example.com',
          code: 'VALIDATION',
        }),
      }),
    );
    await fill(page, 'detail@example.co.uk');
    await submit(page).click();
    await page
      .getByText('email must be an e-mail address such as name@example.com')
      .waitFor({ timeout: 10_000 });
    expect((await toastText(page)).join('\n')).toContain('Error');
    // The visitor's text is kept for another try.
    expect(await form(page).getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(
      'detail@example.co.uk',
    );
    await context.close();
  });

  it("says 'Please try again.' when the server gives no detail, and nothing on a timeout", async () => {
    const { context, page } = await visitor(false);
    let mode: 'broken' | 'hang' = 'broken';
    await page.route('**/api/enquiries', async (route) => {
      if (mode === 'broken')
        return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await route.abort().catch(() => undefined);
    });
    await fill(page, 'retry@example.co.uk');
    await submit(page).click();
    await page.getByText('Please try again.').waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    mode = 'hang';
    const startedAt = Date.now();
    await submit(page).click();
    await expect(submit(page).innerText()).resolves.toContain('SENDING...');
    await page.getByRole('button', { name: 'SEND ENQUIRY' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(9500);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await context.close();
  });
});
