// Calm and consistent words (issue 28, item 8): a bulk delete and its Undo count enquiries properly
// while the confirmation keeps its own wording; Send Pending Notifications with no address yet
// says what to do instead of a red 'Error'; one word on every content screen's switch; 'Welcome back'
// only to someone who has been here before; the Add Admin User button says when it closes the form.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createAdmin, deleteAdmin, fillLogin, freshPage } from './admin-core-fixtures.ts';
import { openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP } from './support/browser.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';

/** A sonner toast holding `text`, with its kind ('success', 'warning', 'error'…). */
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

describeE2e('admin wording', () => {
  // Captcha off, so enquiries can be filed through the service; no address for notices: the demo's
  // business e-mail is a placeholder and NOTIFY_EMAIL is not set.
  const e2e = useE2eServer({ CAPTCHA_PROVIDER: 'off' });

  const file = (name: string) =>
    e2e.server.started.services.enquiries.submit({
      name,
      email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.co.uk`,
      organisation: 'Wording Ltd',
      message: 'Hello',
      recaptchaToken: null,
    });

  async function open(path: string): Promise<{ page: Page; dialogs: string[] }> {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await openSignedIn(page, e2e.server, path);
    return { page, dialogs };
  }

  it('counts deleted and restored enquiries properly; the confirmation keeps its documented words', async () => {
    await file('Plural One');
    await file('Plural Two');
    const { page, dialogs } = await open('/admin/enquiries');
    try {
      await page.getByLabel('Search enquiries').fill('Plural');
      await page.getByRole('checkbox', { name: /^Select all/ }).check();
      await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
      const deleted = toast(page, '2 enquiries deleted successfully');
      await deleted.waitFor();
      expect(dialogs).toEqual(['Are you sure you want to delete 2 enquiry(ies)?']);
      await deleted.getByRole('button', { name: 'Undo' }).click();
      await toast(page, '2 enquiries restored').waitFor();
      expect(await page.getByText(/\(ies\)/).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('says what to do when notices wait for an address, in a warning rather than an error', async () => {
    await file('Waiting For Address');
    const { page } = await open('/admin/enquiries');
    try {
      await page.getByRole('listitem', { name: 'Waiting For Address' }).waitFor();
      await page.getByRole('button', { name: 'Send Pending Notifications' }).click();
      const answer = toast(page, 'Set the notification address in Settings first');
      await answer.waitFor();
      expect(await answer.getAttribute('data-type')).toBe('warning');
      expect(await toast(page, /^Error/).count()).toBe(0);
      await answer.getByRole('button', { name: 'Open Settings' }).click();
      await page.waitForURL(/\/admin\/settings#settings-business$/);
      await page.getByRole('heading', { name: 'Business details' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('names the show-on-the-website switch the same way on every content screen', async () => {
    const { page } = await open('/admin/events');
    try {
      for (const screen of ['events', 'gallery', 'logos']) {
        await page.goto(`${e2e.server.url}/admin/${screen}`);
        await page.getByRole('switch').first().waitFor();
        const switches = await page.getByRole('switch').count();
        expect(await page.getByText('Show on the website', { exact: true }).count(), screen).toBe(switches);
        expect(await page.getByText(/^(Enabled|Shown)$/).count(), screen).toBe(0);
      }
    } finally {
      await page.context().close();
    }
  });

  it("welcomes a new admin on their first sign-in, and 'back' only afterwards", async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.url}/admin/login`);
      await fillLogin(page, admin);
      await page.waitForURL(/\/admin\/dashboard$/);
      await page.getByText(`Welcome, ${admin.username}. Here is an overview of your website.`).waitFor();
      expect(await page.getByText(/Welcome back/).count()).toBe(0);
      await page.reload();
      await page.getByText(`Welcome back, ${admin.username}.`).waitFor();
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('labels the Add Admin User button by what it does while the form is open', async () => {
    const { page } = await open('/admin/users');
    try {
      await page.getByRole('button', { name: 'Add Admin User' }).click();
      await page.getByRole('heading', { name: 'Create New Admin User' }).waitFor();
      const close = page.getByRole('button', { name: 'Close form' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('button', { name: 'Add Admin User' }).count()).toBe(0);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await close.click();
      await page.getByRole('button', { name: 'Add Admin User' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Create New Admin User' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
