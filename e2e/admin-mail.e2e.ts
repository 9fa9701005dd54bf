// Issue 28, items 1 and 9, in a real browser: without a mail server every screen that sends mail says
// "Not delivered — no mail server yet" in a warning style (dashboard tile, setup card, test e-mail,
// weekly-report preview, enquiries, forgot password, a new admin's invitation); a superadmin sets the
// mail server in Settings › Mail, the test e-mail then really arrives, a wrong server is explained in
// plain words, and a new admin's invitation goes out; with SMTP_URL the settings are read-only.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../src/server/testing/smtp-test-server.ts';
import { freshPage } from './admin-core-fixtures.ts';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { ADMIN } from './support/server.ts';

const NOT_DELIVERED = 'Not delivered — no mail server yet';
const SMTP_USER = 'office@bullseye-range.co.uk';
const SMTP_PASSWORD = 'app-Pa55word-9';

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

const mailSection = (page: Page) => page.getByRole('region', { name: 'Mail', exact: true });

/** Saves the mail server form and waits for the server's answer. */
async function saveMailServer(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/mail/settings') && r.request().method() === 'PUT',
  );
  await mailSection(page).getByRole('button', { name: 'Save mail server' }).click();
  expect((await saved).status()).toBe(200);
}

/** Adds an admin through the Admin Users screen; returns the banners shown after it. */
async function addAdminOnScreen(page: Page, username: string, email: string) {
  await page.getByRole('button', { name: 'Add Admin User' }).click();
  await page.getByText('Admins run the website day to day; a Superadmin can also change').waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Temporary-Range-Pass-42');
  await page.getByRole('button', { name: 'Create Admin User' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Admin user '${username}' created successfully` })
    .waitFor();
}

describeE2e('mail without a mail server', () => {
  // The captcha is off so a test can send an enquiry through the real endpoint.
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  it('the dashboard tile and the setup card say not delivered, and lead to Settings › Mail', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const { context, page } = await freshPage(e2e.browser, options);
      await openSignedIn(page, e2e.server, '/admin/dashboard');
      const tile = page.getByRole('link', { name: /Pending notifications/ });
      await tile.getByText(NOT_DELIVERED).waitFor();
      expect(await tile.textContent()).not.toContain('Every e-mail sent');
      const item = page.locator('[data-problem="mail_not_delivered"]');
      await item.getByText(`E-mail: not delivered — no mail server yet`).waitFor();
      await expectNoAxeViolations(page, 'dashboard without a mail server');
      await item.getByRole('link', { name: 'Set up mail' }).click();
      await page.waitForURL(/\/admin\/settings#settings-mail$/);
      await mailSection(page).getByRole('form', { name: 'Mail server' }).waitFor();
      await context.close();
    }
  });

  it('the test e-mail and the weekly-report preview are warnings, never "sent"', async () => {
    const { context, page } = await freshPage(e2e.browser, DESKTOP);
    await openSignedIn(page, e2e.server, '/admin/settings#settings-mail');
    const section = mailSection(page);
    await section.getByText(`${NOT_DELIVERED}.`, { exact: true }).first().waitFor();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    const answer = section.getByRole('status').filter({ hasText: NOT_DELIVERED });
    await answer.waitFor();
    expect(await answer.getAttribute('class')).toContain('amber');
    await expectNoAxeViolations(page, 'settings mail, test saved as a file');

    await page.getByRole('button', { name: 'Send me a preview now' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: NOT_DELIVERED });
    await toast.waitFor();
    expect(await toast.getAttribute('data-type')).toBe('warning');
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Preview sent' }).count()).toBe(0);
    await context.close();
  });

  it('the enquiry screen, forgot password and a new admin’s invitation say not delivered', async () => {
    const sent = await fetch(`${e2e.server.url}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Priya Shah',
        email: 'priya@example.co.uk',
        organisation: 'Shah family birthday',
        message: 'Could you bring the range to a party on 12 July?',
      }),
    });
    expect(sent.status).toBe(200);
    await e2e.server.started.services.enquiries.settled();
    const { context, page } = await freshPage(e2e.browser, PHONE);
    await openSignedIn(page, e2e.server, '/admin/enquiries');
    // On a phone the notes wait behind one line that says what is wrong.
    const summary = page.getByRole('button', { name: /Not delivered — no mail server yet/ });
    await summary.click();
    const note = page.getByRole('note', { name: 'E-mails not delivered' });
    await note.getByText(`${NOT_DELIVERED}.`).waitFor();
    await note.getByRole('link', { name: 'Set up the mail server in Settings › Mail' }).waitFor();
    await expectNoAxeViolations(page, 'enquiries without a mail server');

    await page.goto(`${e2e.server.url}/admin/users`);
    await addAdminOnScreen(page, 'Jess Carter', 'jess@bullseye-range.co.uk');
    await page
      .getByRole('status')
      .filter({
        hasText: `${NOT_DELIVERED}: the invitation to jess@bullseye-range.co.uk was saved as a file`,
      })
      .waitFor();
    await expectNoAxeViolations(page, 'admin users after an invitation saved as a file');
    await context.close();

    const anonymous = await freshPage(e2e.browser, PHONE);
    await anonymous.page.goto(`${e2e.server.url}/admin/forgot-password`);
    await anonymous.page.getByLabel('Email').fill(ADMIN.email);
    await anonymous.page.getByRole('button', { name: 'Send reset link' }).click();
    await anonymous.page.getByText(`${NOT_DELIVERED}.`).waitFor();
    await anonymous.page.getByText('the link was saved as a file on the server').waitFor();
    await expectNoAxeViolations(anonymous.page, 'forgot password without a mail server');
    await anonymous.context.close();
  });
});

describeE2e('a superadmin sets the mail server in Settings › Mail', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer({ users: { [SMTP_USER]: SMTP_PASSWORD } });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // The test mail server listens on a port of its own, which the operator allows (decision 0462).
  const e2e = useE2eServer(() => ({ MAIL_EXTRA_PORTS: new URL(smtp.url).port }));

  it('saves it, the test e-mail arrives, a wrong server is explained, and an invitation goes out', async () => {
    const { context, page } = await freshPage(e2e.browser, DESKTOP);
    await openSignedIn(page, e2e.server, '/admin/settings#settings-mail');
    const section = mailSection(page);
    const form = section.getByRole('form', { name: 'Mail server' });
    await form.getByLabel('SMTP server').fill('127.0.0.1');
    await form.getByLabel('Security').selectOption('none');
    expect(await form.getByLabel('Port').inputValue()).toBe('25');
    await form.getByLabel('Port').fill(new URL(smtp.url).port);
    await form.getByLabel('User name').fill(SMTP_USER);
    await form.getByLabel('Password').fill(SMTP_PASSWORD);
    // The sender is offered from the user name.
    expect(await form.getByLabel('Sender address').inputValue()).toBe(SMTP_USER);
    await saveMailServer(page);
    await form.getByText('Mail server saved.').waitFor();
    // The password is never shown back: the box is empty and says one is saved.
    expect(await form.getByLabel('Password').inputValue()).toBe('');
    expect(await form.getByLabel('Password').getAttribute('placeholder')).toBe(
      'Saved — leave empty to keep it',
    );
    await section.getByText('(set below)').waitFor();
    await expectNoAxeViolations(page, 'settings mail with a saved server');

    const arriving = smtp.waitForMail();
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await section
      .getByRole('status')
      .getByText(`Sent to ${ADMIN.email} via 127.0.0.1.`, { exact: false })
      .waitFor();
    expect((await arriving).to).toEqual([ADMIN.email]);

    // A server name that does not exist: the answer says so, and where to fix it.
    await form.getByLabel('SMTP server').fill('mail.invalid');
    await saveMailServer(page);
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await section
      .getByRole('alert')
      .getByText(
        "The mail server's name (mail.invalid) could not be found — check the server name in Settings › Mail.",
        {
          exact: false,
        },
      )
      .waitFor();
    await form.getByLabel('SMTP server').fill('127.0.0.1');
    await saveMailServer(page);

    // A new admin hears how to sign in, and the screen says the invitation went.
    const invited = smtp.waitForMail();
    await page.goto(`${e2e.server.url}/admin/users`);
    await addAdminOnScreen(page, 'Sam Helper', 'sam@bullseye-range.co.uk');
    await page
      .getByRole('status')
      .filter({ hasText: 'An invitation was e-mailed to sam@bullseye-range.co.uk' })
      .waitFor();
    const invitation = await invited;
    expect(invitation.to).toEqual(['sam@bullseye-range.co.uk']);
    expect(invitation.raw).not.toContain('Temporary-Range-Pass-42');

    // With a mail server, Send Pending Notifications counts in words ("2 notifications sent"), not
    // the API's "2 notification(s) sent".
    await page.route('**/api/admin/enquiries/send-notifications', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, message: '2 notification(s) sent', sent: 2 }),
      }),
    );
    await page.goto(`${e2e.server.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Send Pending Notifications' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Notifications Sent' });
    await toast.getByText('2 notifications sent', { exact: true }).waitFor();
    expect(await toast.getAttribute('data-type')).toBe('success');
    await context.close();
  });
});

describeE2e('mail server set in the server’s configuration', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const e2e = useE2eServer(() => ({ SMTP_URL: smtp.url }));

  it('shows it read-only and says who can change it', async () => {
    const { context, page } = await freshPage(e2e.browser, PHONE);
    await openSignedIn(page, e2e.server, '/admin/settings#settings-mail');
    const section = mailSection(page);
    await section.getByText("The server's configuration sets the mail server (SMTP_URL)").waitFor();
    expect(await section.getByRole('form', { name: 'Mail server' }).count()).toBe(0);
    // Where mail goes, and the read-only server settings, both name the host.
    await section.getByText('127.0.0.1', { exact: true }).first().waitFor();
    expect(await section.getByText('127.0.0.1', { exact: true }).count()).toBe(2);
    await expectNoAxeViolations(page, 'settings mail set by SMTP_URL');
    await context.close();
  });
});
