// Website Analytics in a real browser: the numbers match events sent by browsers that accepted
// cookies (the session_id cookie makes a visitor), the landing page's own page view is counted, the
// period switch, the CSV download and the reset.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';

type Body = Record<string, unknown>;

/**
 * The user agent of the same browser as a visitor runs it: the server counts a headless browser as a
 * bot (docs/decisions/0402), and this one runs headless.
 */
const visitorUserAgent = (browser: Browser) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;

describeE2e('admin analytics screen', () => {
  const e2e = useE2eServer();
  /** Writes the events the server has accepted (it queues them), so the screen's numbers hold them. */
  const flush = () => e2e.server.started.services.analytics.flush();
  let token: string;

  beforeAll(async () => {
    token = await apiLogin(e2e.server);
  });

  /** A browser that accepted cookies: the consent cookie and its session id are set before loading. */
  async function consentingVisitor(sessionId: string): Promise<BrowserContext> {
    const context = await e2e.browser.newContext({ ...DESKTOP, userAgent: visitorUserAgent(e2e.browser) });
    await context.addCookies([
      { name: 'cookie_consent', value: 'true', url: e2e.server.url },
      { name: 'session_id', value: sessionId, url: e2e.server.url },
    ]);
    return context;
  }

  /** Sends tracking calls from inside the visitor's browser (its user agent, its cookies). */
  async function send(context: BrowserContext, events: [string, Body][]) {
    const page = await context.newPage();
    // A page of the site that runs no tracking of its own, so only these events count. (Not a JSON
    // address: its CSP, default-src 'none', lets a document opened there fetch nothing.)
    await page.goto(`${e2e.server.url}/admin/login`);
    await page.evaluate(async (list) => {
      for (const [path, body] of list) {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (response.status !== 204) throw new Error(`${path}: ${response.status}`);
      }
    }, events);
    await page.close();
  }

  const track = (event_type: string, extra: Body = {}): [string, Body] => [
    '/api/track',
    { event_type, page: '/', ...extra },
  ];
  const dwell = (section_name: string, dwell_ms: number): [string, Body] => [
    '/api/analytics/track',
    { event_type: 'section_dwell', section_name, dwell_ms, page: '/' },
  ];

  const stat = (page: Page, label: string) =>
    page.getByRole('region', { name: label }).locator('p').textContent();

  async function expectStats(page: Page, expected: [number, number, number, number]) {
    await expect
      .poll(async () =>
        Promise.all(
          ['Total Page Views', 'Unique Visitors', 'Button Clicks', 'Form Submissions'].map((label) =>
            stat(page, label),
          ),
        ),
      )
      .toEqual(expected.map(String));
  }

  async function expectNoAxeViolations(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  it('shows the numbers sent by consenting browsers, the chart, section engagement, period switch, CSV and reset', async () => {
    await adminApi(e2e.server, token, 'DELETE', '/api/admin/analytics/reset');
    const sessionA = randomUUID();
    const visitorA = await consentingVisitor(sessionA);
    const visitorB = await consentingVisitor(randomUUID());
    await send(visitorA, [
      track('page_view'),
      track('page_view'),
      track('page_view'),
      track('button_click', { element: 'book-the-range' }),
      track('button_click', { element: 'see-next-events' }),
      track('form_submit', { element: 'contact' }),
      ['/api/analytics/track', { event_type: 'section_impression', section_name: 'hero', page: '/' }],
      dwell('hero', 4000),
      dwell('hero', 6000),
      dwell('events', 2500),
    ]);
    await send(visitorB, [
      track('page_view'),
      track('page_view'),
      track('button_click', { element: 'contact' }),
    ]);
    await flush();

    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/analytics/'))
        requested.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await openSignedIn(page, e2e.server, '/admin/analytics');
    await expectStats(page, [5, 2, 3, 1]);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/api/admin/analytics/summary?days=7',
        '/api/admin/analytics/chart-data?days=7',
      ]),
    );
    await expect(page.getByLabel('Period').inputValue()).resolves.toBe('7');

    // The chart: 7 days, today's bar the busiest (200 px), the table version for screen readers.
    const bars = page.getByRole('img', { name: /: \d+ views?$/ });
    await expect.poll(() => bars.count()).toBe(7);
    const today = bars.last();
    await expect(today.getAttribute('aria-label')).resolves.toMatch(/: 5 views$/);
    expect((await today.locator('div').boundingBox())?.height).toBe(200);
    // Visible numbers without hovering (issue 16): a count above each bar on a week, today labelled.
    const chartCard = page.locator('figure');
    await expect(chartCard.getByText('Today', { exact: true }).count()).resolves.toBe(1);
    await expect(today.getByText('5', { exact: true }).isVisible()).resolves.toBe(true);
    await today.focus();
    await page.getByText(/^\d{1,2} [A-Z][a-z]{2,3}: 5 views$/).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(7);
    await expect(page.locator('table tbody tr').last().locator('td').textContent()).resolves.toBe('5');

    // Section Engagement: ranked by average time, one decimal and 's'.
    const ranking = page.locator('ol li');
    await expect(ranking.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^1\s+Hero\s+5\.0s/),
      expect.stringMatching(/^2\s+Events\s+2\.5s/),
    ]);

    // Superadmins see this instance's ingestion counters, behind a Details disclosure.
    await page.getByRole('heading', { name: 'Event Ingestion' }).waitFor();
    await expect(page.getByText('Queue depth').isVisible()).resolves.toBe(false);
    await page.getByText('Details', { exact: true }).click();
    await page.getByText('Queue depth').waitFor();
    await expectNoAxeViolations(page, 'analytics with data');

    // Period switch: both calls again, for 30 days.
    await page.getByLabel('Period').selectOption('30');
    await expect.poll(() => bars.count()).toBe(30);
    // A month: the scale names the tallest bar, and today is still labelled.
    await chartCard.getByText('Tallest bar: 5 views').waitFor();
    await expect(chartCard.getByText('Today', { exact: true }).count()).resolves.toBe(1);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/api/admin/analytics/summary?days=30',
        '/api/admin/analytics/chart-data?days=30',
      ]),
    );
    await expectStats(page, [5, 2, 3, 1]);

    // Export CSV: the file the browser saves.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe(
      'timestamp,date,event_type,page,element,section,session_id,view_id,dwell_ms,referrer,user_agent',
    );
    expect(csv).toHaveLength(1 + 13);
    expect(csv.filter((line) => line.includes(',page_view,'))).toHaveLength(5);
    expect(
      csv.filter(
        (line) => line.includes(',section_dwell,') && line.includes(',hero,') && line.includes(sessionA),
      ),
    ).toHaveLength(2);
    await page.getByText('Analytics data exported').waitFor();

    // Export summary: the figures on the screen, table by table (issue 28).
    const [summaryFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export summary' }).click(),
    ]);
    expect(summaryFile.suggestedFilename()).toMatch(/^analytics-summary_30-days_\d{4}-\d{2}-\d{2}\.csv$/);
    const summary = fs.readFileSync((await summaryFile.path()) as string, 'utf8').split('\r\n');
    expect(summary[0]).toMatch(/^Website analytics summary,Last 30 days,/);
    expect(summary).toEqual(
      expect.arrayContaining([
        'Total Page Views,5',
        'Unique Visitors,2',
        'Button Clicks,3',
        'Form Submissions,1',
        'Section,Average seconds',
        'Source,Visitors,Enquiries,Visitor → enquiry %,Booked,Booked %,Confirmed,Quoted £,Received £',
      ]),
    );
    await page.getByText('Analytics summary exported').waitFor();

    // The landing page itself, opened by a visitor who accepted cookies, adds one page view.
    const landing = await visitorA.newPage();
    const landingTracking: Request[] = [];
    landing.on('request', (request) => {
      if (/\/api\/(analytics\/)?track$/.test(request.url())) landingTracking.push(request);
    });
    await landing.goto(`${e2e.server.url}/`);
    await landing.waitForLoadState('networkidle');
    await flush();
    await page.reload();
    await page.getByLabel('Period').selectOption('7');
    await expectStats(page, [6, 2, 3, 1]);
    // Left now, the landing page sends its last section dwells as it goes (beacons): once they are
    // answered, nothing of it can arrive after the resets below and in the next test.
    await landing.goto('about:blank');
    await Promise.all(landingTracking.map((request) => request.response()));

    // Reset, after its confirmation — in the page, naming what goes: everything back to zero.
    await page.getByRole('button', { name: 'Reset Analytics' }).click();
    const confirmation = page.getByRole('alertdialog');
    await confirmation
      .getByText('Are you sure you want to reset all analytics data? This action cannot be undone!')
      .waitFor();
    await confirmation.getByText('not only the last 7 days shown').waitFor();
    // Cancel has the focus: Enter out of habit keeps the data.
    await page.keyboard.press('Enter');
    await confirmation.waitFor({ state: 'detached' });
    await expectStats(page, [6, 2, 3, 1]);
    await page.getByRole('button', { name: 'Reset Analytics' }).click();
    await confirmation.getByRole('button', { name: 'Reset all analytics' }).click();
    await page.getByText('Analytics data reset successfully').waitFor();
    expect(dialogs).toEqual([]);
    await expectStats(page, [0, 0, 0, 0]);
    await page.getByText('No section data yet. Visit the website to start tracking.').waitFor();
    await expect.poll(() => page.getByRole('img', { name: /: 0 views$/ }).count()).toBe(7);
    // Axe measures a toast mid-animation as low contrast: check the screen once the toasts are gone.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'analytics after reset');

    await Promise.all([visitorA.close(), visitorB.close(), context.close()]);
  });

  it('on a phone: the empty screen is usable, and a failed load says "Failed to fetch analytics"', async () => {
    // Start from nothing.
    await flush();
    await adminApi(e2e.server, token, 'DELETE', '/api/admin/analytics/reset');
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    await openSignedIn(page, e2e.server, '/admin/analytics');
    await page.getByText('No section data yet. Visit the website to start tracking.').waitFor();
    await expectNoAxeViolations(page, 'analytics (phone)');
    await page.route('**/api/admin/analytics/summary?days=14', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom","code":"X"}' }),
    );
    await page.getByLabel('Period').selectOption('14');
    await page.getByText('Failed to fetch analytics').waitFor();
    await context.close();
  });
});
