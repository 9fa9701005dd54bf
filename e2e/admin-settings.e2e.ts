// Settings in a real browser: a voluntary password change, 2FA enrolment with a QR code drawn in the
// page and recovery codes shown once, turning 2FA off, business details reaching the public page,
// a personal data request (look up, copy, erase), and the audit log.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createAdmin, deleteAdmin, fillLogin, freshPage, totpCode } from './admin-core-fixtures.ts';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { seedEnquiry } from './support/bookings.ts';
import { type TestServer } from './support/server.ts';

/** Signs `admin` in through a fresh page's localStorage and opens Settings. */
async function openSettingsAs(
  page: Page,
  server: TestServer,
  credentials: { email: string; password: string },
) {
  const token = await apiLogin(server, credentials);
  await page.goto(`${server.url}/admin/login`);
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
  await page.goto(`${server.url}/admin/settings`);
  await page.getByRole('heading', { name: 'Two-factor login' }).waitFor();
  return token;
}

describeE2e('admin settings', () => {
  const e2e = useE2eServer();

  it('changes the password voluntarily', async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      await openSettingsAs(page, e2e.server, admin);
      await page.getByLabel('Current password').fill('wrong-current-password');
      await page.getByLabel('New password', { exact: true }).fill('Another-new-password-7');
      await page.getByLabel('Confirm new password').fill('Another-new-password-7');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('alert').first().textContent()).resolves.toContain(
        'Your current password is incorrect',
      );
      await page.getByLabel('Current password').fill(admin.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password has been changed.').waitFor();
      await expect(page.getByLabel('Current password').inputValue()).resolves.toBe('');
      // The new password signs in; the old one no longer does.
      await apiLogin(e2e.server, { email: admin.email, password: 'Another-new-password-7' });
      await expect(apiLogin(e2e.server, admin)).rejects.toThrow(/401/);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('enrols 2FA with a QR code, shows the recovery codes once, then turns it off', async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      await openSettingsAs(page, e2e.server, admin);
      await page.getByRole('button', { name: 'Set up two-factor login' }).click();
      const qr = page.getByAltText('QR code to scan with your authenticator app');
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
      expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);

      await page.getByLabel('6-digit code from the app').fill('000000');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('alert').first().waitFor();
      await page.getByLabel('6-digit code from the app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();

      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await page.getByText('They are shown only once.').waitFor();
      const done = page.getByRole('button', { name: 'Done' });
      expect(await done.isDisabled()).toBe(true);
      await page.getByLabel('I have saved them').check();
      await done.click();
      await page.getByText('Two-factor login is on', { exact: true }).waitFor();
      await page.getByText('10 unused recovery codes left').waitFor();
      await expect(page.getByRole('list', { name: 'Recovery codes' }).count()).resolves.toBe(0);

      const me = await adminApi<{ two_factor_enabled: boolean }>(
        e2e.server,
        await page.evaluate(() => localStorage.getItem('adminToken') ?? ''),
        'GET',
        '/api/admin/me',
      );
      expect(me.two_factor_enabled).toBe(true);

      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByLabel('Your password').fill(admin.password);
      await page.getByLabel('Code from the app, or a recovery code').fill(totpCode(secret, 30));
      await page.getByRole('button', { name: 'Turn off two-factor login' }).click();
      await page.getByText('Two-factor login is off.').waitFor();
      await page.getByRole('button', { name: 'Set up two-factor login' }).waitFor();
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('saves the business details and the public page shows them', async () => {
    const { context, page } = await freshPage(e2e.browser, PHONE);
    const token = await openSignedIn(page, e2e.server, '/admin/settings');
    const before = await adminApi<Record<string, string>>(e2e.server, token, 'GET', '/api/site');
    try {
      await page.getByRole('heading', { name: 'Business details' }).waitFor();
      await page.getByText('The website is showing placeholder details.').waitFor();
      await page.getByLabel('Phone').fill('not a phone');
      await page.getByRole('button', { name: 'Save business details' }).click();
      await page.getByText('Phone must be a phone number such as 01234 567890').waitFor();

      await page.getByLabel('Trading name').fill('Bullseye Mobile Range');
      await page.getByLabel('Phone').fill('01632 960123');
      await page.getByLabel('E-mail', { exact: true }).fill('bookings@bullseye.example.co.uk');
      await page.getByLabel('Instagram profile').fill('https://www.instagram.com/bullseye_range');
      // Typed as people copy them: no https://, the company number without its leading zero.
      await page.getByLabel('Facebook page').fill('facebook.com/bullseyerange');
      await page.getByLabel('Registered company name').fill('Bullseye Events Ltd');
      await page.getByLabel('Company number').fill('1234567');
      await page.getByLabel('Registered address').fill('1 Range Road, Testshire, TE1 1ST');
      await page.getByRole('button', { name: 'Save business details' }).click();
      await page
        .getByText(
          'Business details saved. The public site updates straight away. Completed for you: Facebook page and Company number (as shown below).',
        )
        .waitFor();
      await expect(page.getByLabel('Facebook page').inputValue()).resolves.toBe(
        'https://facebook.com/bullseyerange',
      );
      await expect(page.getByLabel('Company number').inputValue()).resolves.toBe('01234567');
      await expect(page.getByText('The website is showing placeholder details.').count()).resolves.toBe(0);

      const landing = await context.newPage();
      await landing.goto(`${e2e.server.url}/`);
      await expect(landing.content()).resolves.toContain('01632 960123');
      await landing.close();
    } finally {
      await adminApi(e2e.server, token, 'PUT', '/api/admin/site', {
        trading_name: before.trading_name,
        phone: before.phone,
        email: before.email,
        instagram_url: before.instagram_url,
        facebook_url: before.facebook_url,
        company_name: before.company_name,
        company_number: before.company_number,
        registered_address: before.registered_address,
      }).catch(() => undefined);
      await context.close();
    }
  });

  it('lists sign-ins in the audit log, filtered by person and action', async () => {
    const admin = await createAdmin(e2e.server, { ready: true });
    const { context, page } = await freshPage(e2e.browser);
    try {
      // A sign-in through the screen by someone else, then the owner reads the log.
      await page.goto(`${e2e.server.url}/admin/login`);
      await fillLogin(page, admin);
      await page.waitForURL(/\/admin\/dashboard$/);
      await page.evaluate(() => localStorage.clear());
      await openSignedIn(page, e2e.server, '/admin/settings');
      const log = page.getByRole('list', { name: 'Audit log entries' });
      await log.waitFor();
      const theirs = log.getByRole('listitem').filter({ hasText: admin.email });
      await theirs.filter({ hasText: 'Signed in' }).first().waitFor();

      await page.getByLabel('Person', { exact: true }).selectOption(admin.email);
      const rows = log.getByRole('listitem');
      const texts = await rows.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain(admin.email);

      await page.getByLabel('Person', { exact: true }).selectOption('');
      await page.getByLabel('Action').selectOption({ label: 'Signed in' });
      for (const text of await rows.allTextContents()) expect(text).toContain('Signed in');
      expect(await page.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, admin);
    }
  });

  it('tells each change in a sentence with the item as it was named, linked while it exists', async () => {
    const token = await apiLogin(e2e.server);
    const event = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/events', {
      name: 'Audit Summer Fest',
      location: 'Leeds',
      date: '2030-07-01',
    });
    await adminApi(e2e.server, token, 'PUT', `/api/admin/events/${event.id}`, { is_active: false });
    const doomed = await adminApi<{ id: number }>(e2e.server, token, 'POST', '/api/admin/badges', {
      name: 'Audit Old Badge',
      badge_url: '/uploads/none.png',
    });
    await adminApi(e2e.server, token, 'DELETE', `/api/admin/badges/${doomed.id}`);
    const { context, page } = await freshPage(e2e.browser);
    try {
      await openSignedIn(page, e2e.server, '/admin/settings');
      const log = page.getByRole('list', { name: 'Audit log entries' });
      const hid = log.getByRole('listitem').filter({ hasText: "Hid the event 'Audit Summer Fest'" });
      await hid.waitFor();
      await log.getByRole('listitem').filter({ hasText: "Added the event 'Audit Summer Fest'" }).waitFor();
      const deleted = log.getByRole('listitem').filter({ hasText: "Deleted the badge 'Audit Old Badge'" });
      await deleted.getByText('Since deleted').waitFor();
      // No raw codes or bare ids left on the screen.
      for (const text of await log.getByRole('listitem').allTextContents()) {
        expect(text).not.toMatch(/\/api\/admin|#\d/);
      }
      await hid.getByRole('link', { name: /Open/ }).click();
      await page.waitForURL(/\/admin\/events$/);
      await adminApi(e2e.server, token, 'DELETE', `/api/admin/events/${event.id}`);
    } finally {
      await context.close();
    }
  });

  it('names the enquiry an entry is about by its sender and day, and by number once it is gone', async () => {
    const token = await apiLogin(e2e.server);
    const received = Date.UTC(2030, 0, 8, 12); // 8 Jan 2030 in London
    const id = await seedEnquiry(e2e.server, {
      name: 'Audit Priya Shah',
      email: 'audit.priya@example.co.uk',
      organisation: 'Scouts',
      message: 'A camp in June',
      created_at: received,
      updated_at: received,
    });
    await adminApi(e2e.server, token, 'PATCH', `/api/admin/enquiries/${id}`, { status: 'booked' });
    const { context, page } = await freshPage(e2e.browser, PHONE);
    try {
      await openSignedIn(page, e2e.server, '/admin/settings');
      const log = page.getByRole('list', { name: 'Audit log entries' });
      const marked = log
        .getByRole('listitem')
        .filter({ hasText: 'Marked the enquiry from Audit Priya Shah (8 Jan 2030) as booked' });
      await marked.getByRole('link', { name: /Open/ }).waitFor();

      await adminApi(e2e.server, token, 'DELETE', `/api/admin/enquiries/${id}`);
      await page.reload();
      await log
        .getByRole('listitem')
        .filter({ hasText: `Marked deleted enquiry #${id} as booked` })
        .getByText('Since deleted')
        .waitFor();
      await log
        .getByRole('listitem')
        .filter({ hasText: `Deleted enquiry #${id}` })
        .first()
        .waitFor();
      await expect(log.getByText('Audit Priya Shah').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('pages through the audit log with Load more', async () => {
    const { context, page } = await freshPage(e2e.browser);
    // More than one page (50) of entries.
    for (let i = 0; i < 55; i++)
      await e2e.server.started.services.audit.record({
        adminId: null,
        actor: 'bulk@example.co.uk',
        action: `test.entry.${i}`,
      });
    await openSignedIn(page, e2e.server, '/admin/settings');
    const rows = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(50);
    await context.close();
  });

  it('answers a personal data request: finds one address, downloads a copy, erases it', async () => {
    const now = Date.now();
    const enquiry = (name: string, email: string, minutesAgo: number) =>
      seedEnquiry(e2e.server, { name, email, organisation: '', created_at: now - minutesAgo * 60_000 });
    await enquiry('Jo Bloggs', 'jo.bloggs@example.co.uk', 5);
    await enquiry('Jo B', 'Jo.Bloggs@example.co.uk', 90);
    await enquiry('Sam Other', 'sam@example.co.uk', 1);
    const { context, page } = await freshPage(e2e.browser, PHONE);
    const dialogs: string[] = [];
    try {
      await openSignedIn(page, e2e.server, '/admin/settings');
      const section = page.getByRole('region', { name: 'Personal data requests' });
      const address = section.getByLabel('Their e-mail address');
      const lookUp = section.getByRole('button', { name: 'Look up' });
      await address.fill('jo at example');
      await lookUp.click();
      await section.getByText('The address must be an e-mail address such as name@example.com').waitFor();

      await address.fill('JO.BLOGGS@example.co.uk');
      await lookUp.click();
      const found = section.getByRole('list', { name: 'Enquiries from JO.BLOGGS@example.co.uk' });
      await found.waitFor();
      await expect(found.getByRole('listitem').allTextContents()).resolves.toEqual([
        expect.stringContaining('Jo Bloggs'),
        expect.stringContaining('Jo B'),
      ]);
      await section.getByText('Stored under JO.BLOGGS@example.co.uk: 2 enquiries.').waitFor();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Download a copy' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('personal-data-jo.bloggs@example.co.uk.json');
      const copy = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8')) as {
        enquiries: { name: string; message: string }[];
      };
      expect(copy.enquiries.map((row) => row.message)).toEqual(['Hello from Jo Bloggs', 'Hello from Jo B']);

      // Cancelling the browser's confirmation erases nothing; accepting it erases both.
      page.once('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await section.getByRole('button', { name: 'Erase all of it' }).click();
      await expect.poll(() => dialogs.length).toBe(1);
      expect(dialogs[0]).toBe(
        'Are you sure you want to delete 2 enquiries stored under JO.BLOGGS@example.co.uk?',
      );
      expect(await e2e.server.started.db.selectFrom('enquiries').select('id').execute()).toHaveLength(3);

      page.once('dialog', (dialog) => void dialog.accept());
      await section.getByRole('button', { name: 'Erase all of it' }).click();
      await section.getByText('Erased 2 enquiries from JO.BLOGGS@example.co.uk.').first().waitFor();
      await section.getByText('Nothing is stored under JO.BLOGGS@example.co.uk.').waitFor();
      const left = await e2e.server.started.db.selectFrom('enquiries').select('email').execute();
      expect(left).toEqual([{ email: 'sam@example.co.uk' }]);
    } finally {
      await e2e.server.started.db.deleteFrom('enquiries').execute();
      await context.close();
    }
  });

  it('has no axe violations on Settings, phone and desktop', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const { context, page } = await freshPage(e2e.browser, options);
      await openSignedIn(page, e2e.server, '/admin/settings');
      await page.getByRole('list', { name: 'Audit log entries' }).waitFor();
      let violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.getByRole('button', { name: 'Set up two-factor login' }).click();
      await page.getByAltText('QR code to scan with your authenticator app').waitFor();
      violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    }
  });
});
