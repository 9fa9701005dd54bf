// Issue 15, "No lead is lost silently", in a real browser: a fresh install's dashboard shows a setup
// card naming each problem with the screen that fixes it; an enquiry that arrives meanwhile is kept,
// its visitor acknowledged, and the enquiry screen says why the notice waits; saving the business
// e-mail sends it and takes that item off the card; the test e-mail says where it went — saved as a
// file here, through the SMTP server when there is one; and once all is fixed the card is gone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../src/server/testing/smtp-test-server.ts';
import { createAdmin, deleteAdmin, freshPage, totpCode, type TestAdmin } from './admin-core-fixtures.ts';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { ADMIN, findMail } from './support/server.ts';

const BUSINESS_EMAIL = 'bookings@bullseye-range.co.uk';

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

const setupCard = (page: Page) => page.getByRole('region', { name: 'Finish setting up' });
const problem = (page: Page, id: string) => setupCard(page).locator(`[data-problem="${id}"]`);

describeE2e('set-up card and test e-mail on a fresh install', () => {
  // As installed: no SMTP_URL, no NOTIFY_EMAIL, placeholder business details. The captcha is off so
  // the test can send an enquiry through the real endpoint.
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  it('the dashboard lists what stops the site reaching people, each with its fix', async () => {
    for (const [where, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await freshPage(e2e.browser, options);
      await openSignedIn(page, e2e.server, '/admin/dashboard');
      const card = setupCard(page);
      await card.waitFor();
      const items = card.getByRole('list', { name: 'Set-up problems' }).getByRole('listitem');
      expect(await items.locator('p.font-semibold').allTextContents()).toEqual([
        'E-mail: not delivered — no mail server yet',
        'No address to send enquiries to',
        'The website shows placeholder details',
        'Two-factor login is off for your account',
      ]);
      // Where the mail really goes: the outbox folder on the server.
      expect((await problem(page, 'mail_not_delivered').textContent())?.replace(/\s+/g, '')).toContain(
        e2e.server.outboxDir.replace(/\s+/g, ''),
      );
      await problem(page, 'placeholder_details')
        .getByText('Visitors see made-up phone, e-mail, company name, company number and registered address.')
        .waitFor();
      await expectNoAxeViolations(page, `dashboard setup card (${where})`);

      await problem(page, 'two_factor_off').getByRole('link', { name: 'Turn on two-factor login' }).click();
      await page.waitForURL(/\/admin\/settings#settings-2fa$/);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('settings-2fa');
      await context.close();
    }
  });

  it('an enquiry meanwhile is kept and acknowledged; the enquiry screen says why its notice waits', async () => {
    const response = await fetch(`${e2e.server.url}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Jess Carter',
        email: 'jess.carter@example.co.uk',
        organisation: 'Carter Weddings',
        message: 'Could you bring the range to our wedding on 2 August?',
      }),
    });
    expect(response.status).toBe(200);
    await e2e.server.started.services.enquiries.settled();
    // The visitor's acknowledgement went at once (to the outbox): it needs no business address.
    expect(findMail(e2e.server.outboxDir, /To: jess\.carter@example\.co\.uk/)).toBeDefined();

    const { context, page } = await freshPage(e2e.browser, PHONE);
    await openSignedIn(page, e2e.server, '/admin/enquiries');
    // On a phone the notes are one line until asked for (issue 28).
    await page.getByRole('button', { name: /still to send/ }).click();
    const note = page.getByRole('note', { name: 'E-mails still to send' });
    await note.getByText('1 enquiry has e-mails still to send.').waitFor();
    await note.getByText('No visitor is waiting for an acknowledgement.').waitFor();
    await page
      .getByRole('listitem', { name: 'Jess Carter' })
      .getByText('Notification pending: no address yet')
      .waitFor();
    await expectNoAxeViolations(page, 'enquiries with a notice waiting');

    // The button's answer is one message, in the owner's words.
    await page.getByRole('button', { name: 'Send Pending Notifications' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await toast.getByText(/^No address to send enquiries to yet — add the business e-mail/).waitFor();
    expect(await toast.count()).toBe(1);
    expect(await toast.textContent()).not.toMatch(/NOTIFY_EMAIL|SMTP|Error:/);

    // On a phone the toast rises over the lower part of the screen, where the note's link is: the
    // owner closes it first. (A tap while it rises lands on the toast, not the link: Playwright checks
    // what is under the pointer only as the press starts, so the test waits until it is gone.)
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await toast.waitFor({ state: 'detached' });

    // The note's link leads to the business details, where saving the e-mail sends the notice.
    await note.getByRole('link', { name: /add the business e-mail/ }).click();
    await page.waitForURL(/\/admin\/settings#settings-business$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('settings-business');
    await page.getByLabel('E-mail', { exact: true }).fill(BUSINESS_EMAIL);
    await page.getByRole('button', { name: 'Save business details' }).click();
    await page.getByText('Business details saved. The public site updates straight away.').waitFor();
    await expect
      .poll(() => findMail(e2e.server.outboxDir, /New enquiry: Jess Carter/))
      .toMatch(new RegExp(`To: ${BUSINESS_EMAIL.replace(/[.]/g, '\\.')}`));

    // Back on the dashboard the address item is gone; the details still to fill in remain.
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    await problem(page, 'placeholder_details').waitFor();
    expect(await problem(page, 'no_notification_address').count()).toBe(0);
    await problem(page, 'placeholder_details')
      .getByText('Visitors see made-up phone, company name, company number and registered address.')
      .waitFor();
    await context.close();
  });

  it('the test e-mail says it was not delivered, only saved as a file, and can go to the enquiry address', async () => {
    const { context, page } = await freshPage(e2e.browser, DESKTOP);
    await openSignedIn(page, e2e.server, '/admin/settings#settings-mail');
    const section = page.getByRole('region', { name: 'Mail', exact: true });
    await section.getByText('Enquiry notices go to').waitFor();
    await section.getByText(BUSINESS_EMAIL, { exact: true }).waitFor();

    await section.getByLabel(`Me (${ADMIN.email})`).check();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    const answer = section.getByRole('status').filter({ hasText: 'It was saved as a file in' });
    await answer.waitFor();
    expect(await answer.textContent()).toContain(
      `Not delivered — no mail server yet. It was saved as a file in ${e2e.server.outboxDir}, and nobody receives it`,
    );
    expect(findMail(e2e.server.outboxDir, new RegExp(`To: ${ADMIN.email.replace(/[.]/g, '\\.')}`))).toMatch(
      /Subject: Test e-mail from/,
    );
    await expectNoAxeViolations(page, 'settings e-mail with a test result');

    await section.getByLabel(`Where enquiry notices go (${BUSINESS_EMAIL})`).check();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await expect
      .poll(() => findMail(e2e.server.outboxDir, /Subject: Test e-mail from/))
      .toMatch(new RegExp(`To: ${BUSINESS_EMAIL.replace(/[.]/g, '\\.')}`));

    // A third try is fine; a fourth within the minute is refused in words, not silently.
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await section.getByRole('status').filter({ hasText: 'It was saved as a file in' }).waitFor();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await section
      .getByRole('alert')
      .getByText(/You have sent 3 test e-mails in the last minute/)
      .waitFor();
    await context.close();
  });
});

describeE2e('set-up card with a mail server', () => {
  let smtp: SmtpTestServer;
  let owner: TestAdmin | undefined;

  // The mail server starts before the site that sends through it and stops after it (afterAll hooks
  // run in reverse).
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const e2e = useE2eServer(() => ({ SMTP_URL: smtp.url }));
  afterAll(async () => {
    await deleteAdmin(e2e.server, owner);
  });

  it('is gone once everything is fixed, and the test e-mail names the SMTP server it went through', async () => {
    const token = await apiLogin(e2e.server);
    await adminApi(e2e.server, token, 'PUT', '/api/admin/site', {
      phone: '01632 960123',
      email: BUSINESS_EMAIL,
      company_name: 'Bullseye Events Ltd',
      company_number: '12345678',
      registered_address: '1 Range Road, Testshire TE1 1ST',
    });
    // A superadmin with two-factor login on, signed in with a code.
    owner = await createAdmin(e2e.server, { ready: true, role: 'superadmin' });
    const ownerToken = await apiLogin(e2e.server, owner);
    const { secret } = await adminApi<{ secret: string }>(
      e2e.server,
      ownerToken,
      'POST',
      '/api/admin/2fa/setup',
    );
    await adminApi(e2e.server, ownerToken, 'POST', '/api/admin/2fa/enable', { code: totpCode(secret) });

    const { context, page } = await freshPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.url}/admin/login`);
    await page.evaluate((value) => localStorage.setItem('adminToken', value), ownerToken);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/setup-status'));
    await page.goto(`${e2e.server.url}/admin/dashboard`);
    expect(await (await answered).json()).toMatchObject({ ready: true, problems: [] });
    await page.getByText('Quick links').waitFor();
    expect(await setupCard(page).count()).toBe(0);

    await page.goto(`${e2e.server.url}/admin/settings#settings-mail`);
    const section = page.getByRole('region', { name: 'Mail', exact: true });
    await section.getByText('127.0.0.1').first().waitFor();
    const arriving = smtp.waitForMail();
    await section.getByLabel(`Me (${owner.email})`).check();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await section
      .getByRole('status')
      .getByText(`Sent to ${owner.email} via 127.0.0.1.`, { exact: false })
      .waitFor();
    expect((await arriving).to).toEqual([owner.email]);
    await expectNoAxeViolations(page, 'settings e-mail, sent over SMTP');
    await context.close();
  });
});
