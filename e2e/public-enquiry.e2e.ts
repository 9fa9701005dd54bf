// The booking enquiry form in a real browser (docs/product.md#enquiry-form): a full enquiry with a solved
// ALTCHA challenge, the success panel and the cleared form, 'SENDING...' and the blocked second submission,
// the captcha failure toast, the server's detail, and the silent timeout; and issue 16: messages beside each
// field (on submit and on leaving a field, from the shared schema), a server refusal of a field shown beside
// it, success clearing old error toasts, focus on the success message, and form_submit counted only for
// accepted enquiries. Issue 29: the preferred date picked in the calendar by keyboard, with the type of
// event and people, stored; a day already booked shown disabled, and said of when typed.
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { islandLive, pageSettled } from './support/islands.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { captchaSolved, enquiryForm, fillEnquiry } from './support/enquiry-form.ts';
import { addDays, londonDay } from '../src/shared/london-days.ts';
import { formatDay } from '../src/shared/day-names.ts';

const SESSION = '0b7f2d4e-5a61-4c3b-9e8f-1d2c3b4a5f60';

describeE2e('booking enquiry form', () => {
  // The file sends a dozen real enquiries from one address, more than a visitor's five an hour: each
  // test stands alone, a retried one too (a blocked address stays blocked in the server's memory).
  // The limit's own answer is shown from a stubbed 429 below; the limiter has its API tests.
  const e2e = useE2eServer({ ENQUIRY_RATE_LIMIT_MAX: '1000' });

  /** A visitor who has already made a cookie choice (so the banner does not cover the form). */
  async function visitor(
    consent: boolean,
    {
      options = PHONE,
      session = SESSION,
      clock = false,
    }: {
      options?: BrowserContextOptions;
      session?: string;
      /** The page's clock under the test's hand (`page.clock.runFor`): "still there later" without waiting. */
      clock?: boolean;
    } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e2e.browser.newContext(options);
    const cookies = [{ name: 'cookie_consent', value: String(consent), url: e2e.server.url }];
    if (consent) cookies.push({ name: 'session_id', value: session, url: e2e.server.url });
    await context.addCookies(cookies);
    const page = await context.newPage();
    if (clock) await page.clock.install();
    await page.goto(`${e2e.server.url}/#contact`);
    await pageSettled(page);
    await islandLive(page, 'enquiry-form');
    return { context, page };
  }

  const form = enquiryForm;
  const submit = (page: Page) => form(page).getByRole('button', { name: /SEND ENQUIRY|SENDING/ });
  const field = (page: Page, label: string) => form(page).getByRole('textbox', { name: label, exact: true });
  /** What is said beside a field about a problem (its aria-describedby's `…-error`), or null. */
  const fieldMessage = (page: Page, label: string) =>
    field(page, label).evaluate((control) => {
      const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
      const error = ids.find((id) => id.endsWith('-error'));
      return error ? (document.getElementById(error)?.textContent ?? null) : null;
    });
  const focusedName = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

  /** Fills the four fields (the first focus starts the captcha) and waits for ALTCHA to be solved. */
  async function fill(page: Page, email: string, { solved = true } = {}) {
    await fillEnquiry(page, { email });
    if (solved) await captchaSolved(page);
  }

  it('loads nothing for the captcha until the form is first focused', async () => {
    const { context, page } = await visitor(false, { clock: true });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.clock.runFor(60_000);
    expect(requests.filter((path) => /captcha|altcha/i.test(path))).toEqual([]);
    await expect(form(page).locator('input[name="website"]').getAttribute('tabindex')).resolves.toBe('-1');

    const challenge = page.waitForRequest((r) => r.url().endsWith('/api/captcha/challenge'));
    await form(page).getByRole('textbox', { name: 'Name', exact: true }).focus();
    await challenge;
    expect(requests.some((path) => /altcha/i.test(path))).toBe(true);
    await context.close();
  });

  it('sends a full enquiry with a solved ALTCHA challenge: ENQUIRY SENT!, a stored row, then the cleared form', async () => {
    const { context, page } = await visitor(true, { clock: true });
    await fill(page, 'sam.carter@example.co.uk');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const formSubmit = page.waitForRequest(
      (r) => r.url().endsWith('/api/track') && r.postDataJSON()?.event_type === 'form_submit',
    );
    await submit(page).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
    const panelText = await page.getByRole('status').filter({ hasText: 'ENQUIRY SENT!' }).innerText();
    expect(panelText).toContain('within 24 hours');
    expect((await formSubmit).postDataJSON()).toMatchObject({ element: 'enquiry-form', session_id: SESSION });

    const rows = await e2e.server.started.db
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

    // The confirmation stays (issue 28: a form that came back blank by itself invited a second send)
    // until the visitor asks for the form again: it is back, empty, with focus on its first field.
    await page.clock.runFor('05:00');
    expect(await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Send another enquiry' }).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('name');
    const f = form(page);
    for (const label of ['Name', 'Email', 'Organisation or occasion', 'Message'])
      expect(await f.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('sends where the visitor came from with the enquiry, cookies declined: tags and host only (issue 17)', async () => {
    const context = await e2e.browser.newContext(PHONE);
    await context.addCookies([{ name: 'cookie_consent', value: 'false', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.goto(
      `${e2e.server.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2027#contact`,
      {
        referer: 'https://mail.example.net/inbox/123?token=private',
      },
    );
    await page.waitForLoadState('networkidle');
    await fill(page, 'came.from@example.co.uk');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/enquiries'));
    await submit(page).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
    expect((await sent).postDataJSON().source).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-2027',
      referrer_host: 'mail.example.net',
    });
    expect((await sent).postData()).not.toContain('private');

    const [row] = await e2e.server.started.db
      .selectFrom('enquiries')
      .selectAll()
      .where('email', '=', 'came.from@example.co.uk')
      .execute();
    expect(row).toMatchObject({
      source_utm_source: 'newsletter',
      source_utm_medium: 'email',
      source_utm_campaign: 'spring-2027',
      source_referrer_host: 'mail.example.net',
    });
    await context.close();
  });

  it("reads 'SENDING...' while sending and blocks a second submission", async () => {
    const { context, page } = await visitor(false);
    const posts: Request[] = [];
    // The answer is held until the second tries have been made: they meet a send still under way.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/enquiries', async (route) => {
      posts.push(route.request());
      await answered;
      await route.continue();
    });
    await fill(page, 'twice@example.co.uk');
    await submit(page).click();
    await expect.poll(() => submit(page).innerText()).toContain('SENDING...');
    await expect(submit(page).isDisabled()).resolves.toBe(true);
    await form(page).getByRole('textbox', { name: 'Message', exact: true }).press('Control+Enter');
    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    answer();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
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
    await page.getByText('Verification Failed: Please try again in a moment.').waitFor();
    expect(posts).toEqual([]);
    await expect(submit(page).innerText()).resolves.toContain('SEND ENQUIRY');
    await context.close();
  });

  it('shows the rate limit under the button with the phone number and e-mail, not in a toast (issue 28)', async () => {
    const { context, page } = await visitor(false, { clock: true });
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
    await fill(page, 'detail@example.co.uk');
    await submit(page).click();
    const notice = form(page).getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      'Too many enquiries from your address. Please try again in 5 minutes.',
    );
    // How to reach the business instead, as links, and it stays (no toast that goes after 8 s).
    const site = await e2e.server.started.services.site.get();
    expect(await notice.getByRole('link', { name: site.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await notice.getByRole('link', { name: site.email }).getAttribute('href')).toBe(
      `mailto:${site.email}`,
    );
    const noticeBox = (await notice.boundingBox())!;
    const buttonBox = (await submit(page).boundingBox())!;
    expect(noticeBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height);
    expect(await page.locator('[data-sonner-toast], [role="alert"]').count()).toBe(1);
    await page.clock.runFor('05:00');
    expect(await notice.isVisible()).toBe(true);
    // The visitor's text is kept for another try, and focus is not lost.
    expect(await field(page, 'Email').inputValue()).toBe('detail@example.co.uk');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('SEND ENQUIRY');
    await context.close();
  });

  it('says what to write without an organisation, and counts the message near its limit, also when a paste is cut (issue 28)', async () => {
    const { context, page } = await visitor(false, { options: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    // A private customer reads that the occasion will do; the hint is the field's description.
    const organisation = field(page, 'Organisation or occasion');
    const hint = await organisation.evaluate((control) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(hint).toContain('for a private party, the occasion');

    const message = field(page, 'Message');
    const counter = (text: string) => form(page).getByText(text, { exact: true });
    await message.fill('x'.repeat(4499));
    expect(
      await form(page)
        .getByText(/of 5,000 characters/)
        .count(),
    ).toBe(0);
    await message.fill('x'.repeat(4500));
    await counter('4,500 of 5,000 characters').waitFor();
    // A paste longer than what is left: the browser keeps the first 5,000 characters, and the form
    // says that the end was not added.
    await message.fill('');
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'y'.repeat(5200));
    await message.focus();
    await page.keyboard.press('Control+V');
    await counter('5,000 of 5,000 characters').waitFor();
    expect(await message.inputValue()).toHaveLength(5000);
    await form(page).getByText('its end was not added').waitFor();
    // Shortened again: the warning goes.
    await message.press('Backspace');
    await counter('4,999 of 5,000 characters').waitFor();
    expect(await form(page).getByText('its end was not added').count()).toBe(0);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it("says 'Please try again.' when the server gives no detail, and nothing on a timeout", async () => {
    const { context, page } = await visitor(false, { clock: true });
    let mode: 'broken' | 'hang' = 'broken';
    await page.route('**/api/enquiries', async (route) => {
      if (mode === 'broken')
        return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await route.abort().catch(() => undefined);
    });
    await fill(page, 'retry@example.co.uk');
    await submit(page).click();
    await page.getByText('Please try again.').waitFor();

    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    mode = 'hang';
    await submit(page).click();
    await expect(submit(page).innerText()).resolves.toContain('SENDING...');
    // The page's clock, not the test's: still sending 9½ s on, given up at 10 s (ENQUIRY_TIMEOUT_MS).
    await page.clock.runFor(9_500);
    await expect(submit(page).innerText()).resolves.toContain('SENDING...');
    await page.clock.runFor(500);
    await page.getByRole('button', { name: 'SEND ENQUIRY' }).waitFor();
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await context.close();
  });
  it('says beside each field what is wrong, on submit, with focus on the first, and sends nothing (issue 16)', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const { context, page } = await visitor(false, { options });
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/enquiries')) posts.push(r.url());
      });
      await submit(page).click();
      await form(page).getByText('Message is required').waitFor();
      for (const label of ['Name', 'Email', 'Organisation or occasion', 'Message']) {
        expect(await fieldMessage(page, label)).toBe(`${label} is required`);
        await expect(field(page, label).getAttribute('aria-invalid')).resolves.toBe('true');
      }
      // Red borders, the message right under its field, focus on the first field to fix.
      // Polled: the border colour eases in.
      await expect
        .poll(() => field(page, 'Email').evaluate((el) => getComputedStyle(el).borderTopColor))
        .toBe('rgb(248, 113, 113)');
      expect(await focusedName(page)).toBe('name');
      // No browser bubble competes (noValidate), no toast, nothing sent.
      await expect(form(page).evaluate((el) => (el as HTMLFormElement).noValidate)).resolves.toBe(true);
      expect(await page.locator('[role="alert"]').count()).toBe(0);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      // A name of spaces is no name, and an address needs a domain (the server's own rules).
      await field(page, 'Name').fill('   ');
      await field(page, 'Email').fill('priya@gmail');
      await field(page, 'Email').press('Tab');
      await expect
        .poll(() => fieldMessage(page, 'Email'))
        .toBe('Email must be an e-mail address such as name@example.com');
      expect(await fieldMessage(page, 'Name')).toBe('Name is required');
      await submit(page).click();
      await expect.poll(() => focusedName(page)).toBe('name');
      // Corrected as the visitor types: the message and the red state go.
      await field(page, 'Name').fill('Priya Shah');
      await expect.poll(() => fieldMessage(page, 'Name')).toBeNull();
      await expect(field(page, 'Name').getAttribute('aria-invalid')).resolves.toBeNull();
      expect(posts).toEqual([]);
      await context.close();
    }
  });

  it('checks a field when the visitor leaves it, and only that field (issue 16)', async () => {
    const { context, page } = await visitor(false);
    await field(page, 'Name').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldMessage(page, 'Name')).toBe('Name is required');
    expect(await focusedName(page)).toBe('email');
    for (const label of ['Email', 'Organisation or occasion', 'Message'])
      expect(await fieldMessage(page, label)).toBeNull();
    await page.keyboard.type('sam@example.co.uk');
    await page.keyboard.press('Tab');
    // The form checks on leaving a field; the next field having the focus means the leaving is done.
    await expect.poll(() => focusedName(page)).not.toBe('email');
    expect(await fieldMessage(page, 'Email')).toBeNull();
    await context.close();
  });

  it('shows a server refusal of a field beside that field, not in a toast (issue 16)', async () => {
    const { context, page } = await visitor(false);
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          detail: 'organisation: must be at most 200 characters',
          code: 'VALIDATION_ERROR',
        }),
      }),
    );
    await fill(page, 'refused@example.co.uk');
    await submit(page).click();
    await expect
      .poll(() => fieldMessage(page, 'Organisation or occasion'))
      .toBe('Organisation or occasion must be at most 200 characters');
    await expect(field(page, 'Organisation or occasion').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await focusedName(page)).toBe('organisation');
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await expect(submit(page).innerText()).resolves.toContain('SEND ENQUIRY');
    // Changing the field takes the server's message away (it passes the form's own check).
    await field(page, 'Organisation or occasion').fill('Northfield Festival');
    await expect.poll(() => fieldMessage(page, 'Organisation or occasion')).toBeNull();
    await context.close();
  });

  it('clears an earlier error toast when the enquiry is then sent, and moves focus to the message (issue 16)', async () => {
    const { context, page } = await visitor(false, { options: DESKTOP });
    let first = true;
    await page.route('**/api/enquiries', async (route) => {
      if (!first) return route.continue();
      first = false;
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
    });
    // Keyboard only: type into each field and press Enter on the button.
    await field(page, 'Name').focus();
    await page.keyboard.type('Sam Carter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sam.again@example.co.uk');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Northfield Summer Festival');
    // Past the optional booking details, which this visitor leaves empty.
    await field(page, 'Message').focus();
    await page.keyboard.type('Both days of the festival, please.');
    await captchaSolved(page);
    await submit(page).press('Enter');
    const errorToast = page.getByRole('alert').filter({ hasText: 'Please try again.' });
    await errorToast.waitFor();
    const toastAt = Date.now();

    await submit(page).press('Enter');
    const heading = page.getByRole('heading', { name: 'ENQUIRY SENT!' });
    await heading.waitFor();
    // Well before the toast would have closed by itself (6 s): it was the success that cleared it.
    expect(Date.now() - toastAt).toBeLessThan(5000);
    expect(await page.getByRole('alert').count()).toBe(0);
    // Focus is on the message, inside the live region that announces it.
    const focused = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return {
        tabIndex: active?.tabIndex,
        text: active?.textContent ?? '',
        inStatus: !!active?.closest('[role="status"]'),
      };
    });
    expect(focused).toMatchObject({ tabIndex: -1, inStatus: true });
    expect(focused.text).toContain('ENQUIRY SENT!');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // 'Send another enquiry' by keyboard: the form is back with focus on its first field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await heading.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('name');
    // The form is back, empty, and still checked.
    expect(await field(page, 'Name').inputValue()).toBe('');
    await submit(page).press('Enter');
    await expect.poll(() => fieldMessage(page, 'Name')).toBe('Name is required');
    await context.close();
  });

  it('reports form_submit only for an enquiry the server accepted (issue 16)', async () => {
    const session = '5d0c3f1e-7a2b-4c9d-8e6f-0a1b2c3d4e5f';
    // A visitor's browser, not a headless one (which the server files as a bot, decision 0402).
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${e2e.browser.version()} Safari/537.36`;
    const { context, page } = await visitor(true, { session, options: { ...PHONE, userAgent } });
    const formSubmits: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/track') && r.postDataJSON()?.event_type === 'form_submit')
        formSubmits.push(r);
    });
    let answer: 'refuse' | 'fail' | 'pass' = 'refuse';
    await page.route('**/api/enquiries', (route) => {
      if (answer === 'refuse')
        return route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            detail: 'This verification was already used. Please try again.',
            code: 'CAPTCHA_FAILED',
          }),
        });
      if (answer === 'fail') return route.fulfill({ status: 503, contentType: 'text/html', body: 'down' });
      return route.continue();
    });
    await fill(page, 'counted@example.co.uk');
    await submit(page).click();
    await page.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    answer = 'fail';
    // The refused captcha is renewed: wait for the fresh solution before the next try.
    await captchaSolved(page);
    await submit(page).click();
    await page.getByText('Please try again.').waitFor();
    // form_submit goes, if at all, in the same task that decides the outcome shown: one round trip
    // to the page after the toast, and any request it made has been seen.
    await page.evaluate(() => document.readyState);
    expect(formSubmits).toHaveLength(0);

    answer = 'pass';
    // Its answer, not only its sending: the server has taken the event in by then, so the flush
    // below stores it (under load the request was once still on its way when the flush ran).
    const reported = page.waitForResponse(
      (r) => r.url().endsWith('/api/track') && r.request().postDataJSON()?.event_type === 'form_submit',
    );
    await submit(page).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
    await reported;
    await page.evaluate(() => document.readyState);
    expect(formSubmits).toHaveLength(1);
    expect(formSubmits[0]!.postDataJSON()).toMatchObject({ element: 'enquiry-form', session_id: session });

    // What the admin's Form Submissions card counts is what the enquiry list holds.
    await e2e.server.started.services.analytics.flush();
    const stored = await e2e.server.started.db
      .selectFrom('analytics_events')
      .select('event_type')
      .where('session_id', '=', session)
      .where('event_type', '=', 'form_submit')
      .execute();
    const enquiries = await e2e.server.started.db
      .selectFrom('enquiries')
      .select('id')
      .where('email', '=', 'counted@example.co.uk')
      .execute();
    expect(stored).toHaveLength(1);
    expect(enquiries).toHaveLength(1);
    await context.close();
  });
  /** "Sat 15 August 2026", as the calendar names a day. */
  const dayName = (day: string) => formatDay(day, { month: 'long' });

  /** A confirmed booking of `day`, written straight to the tables as confirming it would. */
  async function confirmedBooking(day: string) {
    const { db } = e2e.server.started;
    const now = Date.now();
    const { id } = await db
      .insertInto('bookings')
      .values({
        enquiry_id: null,
        state: 'confirmed',
        customer_name: 'Tom Jones',
        customer_email: 'tom@example.com',
        start_date: day,
        end_date: day,
        start_time: null,
        end_time: null,
        location: '',
        postcode: '',
        people: null,
        price_pence: null,
        deposit_pence: null,
        deposit_paid_on: null,
        notes: '',
        hold_expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('calendar_days')
      .values({ day, booking_id: id })
      .onConflict((c) => c.doNothing())
      .execute();
  }

  const calendarButton = (page: Page) =>
    form(page).getByRole('button', { name: 'Choose a date from the calendar' });
  const calendar = (page: Page) => form(page).getByRole('dialog');
  const dateInput = (page: Page) => form(page).getByLabel(/^Preferred date/);
  const focusedLabel = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

  /** Opens the calendar and waits for the booked days; shows `day`'s month. */
  async function openCalendarAt(page: Page, day: string) {
    await calendarButton(page).click();
    await calendar(page).getByText('Crossed-out days are already booked.').waitFor();
    if (day.slice(0, 7) !== londonDay(Date.now()).slice(0, 7))
      await calendar(page).getByRole('button', { name: 'Next month' }).click();
  }

  it('picks a free date in the calendar by keyboard, with the type of event and people, and stores them', async () => {
    const today = londonDay(Date.now());
    await confirmedBooking(addDays(today, 2));
    const { context, page } = await visitor(false);
    await fill(page, 'date.picker@example.co.uk');
    const availability = page.waitForRequest((r) => r.url().includes('/api/availability?'));
    await calendarButton(page).focus();
    await page.keyboard.press('Enter');
    expect(new URL((await availability).url()).searchParams.get('from')).toBe(today);
    await calendar(page).getByText('Crossed-out days are already booked.').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe(`${dayName(today)}, today`);
    // A week on and back, then a day on: the day after today.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedLabel(page)).toBe(dayName(addDays(today, 7)));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    const picked = addDays(today, 1);
    await expect.poll(() => focusedLabel(page)).toBe(dayName(picked));
    await page.keyboard.press('Enter');
    await calendar(page).waitFor({ state: 'detached' });
    expect(await dateInput(page).inputValue()).toBe(picked);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');

    // Escape closes it again, focus back on its button.
    await page.keyboard.press('Enter');
    await calendar(page).waitFor();
    await page.keyboard.press('Escape');
    await calendar(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

    await form(page)
      .getByRole('combobox', { name: /^Type of event/ })
      .selectOption('corporate');
    await form(page)
      .getByRole('spinbutton', { name: /^Expected number of people/ })
      .fill('40');
    await submit(page).click();
    await page.getByRole('heading', { name: 'ENQUIRY SENT!' }).waitFor();
    const row = await e2e.server.started.db
      .selectFrom('enquiries')
      .select(['preferred_date', 'event_type', 'people', 'date_taken'])
      .where('email', '=', 'date.picker@example.co.uk')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ preferred_date: picked, event_type: 'corporate', people: 40, date_taken: 0 });
    await context.close();
  });

  it('shows a booked day disabled with its reason, says so of a typed one, and passes axe with the calendar open', async () => {
    const today = londonDay(Date.now());
    const booked = addDays(today, 2);
    await confirmedBooking(booked);
    for (const options of [PHONE, DESKTOP]) {
      const { context, page } = await visitor(false, { options });
      await openCalendarAt(page, booked);
      const day = calendar(page).getByRole('button', { name: `${dayName(booked)}, already booked` });
      await expect(day.getAttribute('aria-disabled')).resolves.toBe('true');
      // Pressed all the same (the browser lets an aria-disabled button be clicked): not picked.
      await day.click({ force: true });
      // Not picked: the calendar stays open and the field empty.
      await expect(calendar(page).isVisible()).resolves.toBe(true);
      expect(await dateInput(page).inputValue()).toBe('');
      // Yesterday is shown only when it falls in the month the calendar opened at, the booked day's
      // (not on the 1st, nor in a month's last two days, when the booked day is in the next month).
      if (addDays(today, -1).slice(0, 7) === booked.slice(0, 7))
        await expect(
          calendar(page)
            .getByRole('button', { name: `${dayName(addDays(today, -1))}, in the past` })
            .count(),
        ).resolves.toBe(1);
      const violations = await axeViolations(page);
      expect(violations, `${options.viewport?.width}px: ${describeViolations(violations)}`).toEqual([]);
      // The calendar fits the screen.
      const box = (await calendar(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(options.viewport!.width);
      await page.keyboard.press('Escape');

      await dateInput(page).fill(booked);
      await form(page)
        .getByText('That day is already booked — send your enquiry anyway and we’ll suggest another date.')
        .waitFor();
      await dateInput(page).fill(addDays(booked, 1));
      await expect.poll(() => form(page).getByText('That day is already booked').count()).toBe(0);
      await context.close();
    }
  });
});
