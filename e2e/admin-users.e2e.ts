// Admin Users in a real browser (docs/product.md#users-screen): create through the toggled form, delete with
// the browser confirmation, and the server's refusals (own account, last superadmin) in the banner.
import { expect, it } from 'vitest';
import { createAdmin, deleteAdmin, freshPage } from './admin-core-fixtures.ts';
import { adminApi, apiLogin, openSignedIn } from './support/admin.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { describeE2e, useE2eServer } from './support/e2e.ts';
import { DESKTOP, framesDrawn, PHONE } from './support/browser.ts';
import { type TestServer } from './support/server.ts';

interface ListedAdmin {
  id: number;
  username: string;
  email: string;
  role: string;
  force_password_change: boolean;
}

async function listAdmins(server: TestServer): Promise<ListedAdmin[]> {
  const { admins } = await adminApi<{ admins: ListedAdmin[] }>(
    server,
    await apiLogin(server),
    'GET',
    '/api/admin/users',
  );
  return admins;
}

describeE2e('admin users', () => {
  const e2e = useE2eServer();

  it('creates an admin through the form and deletes it after the confirmation', async () => {
    const { context, page } = await freshPage(e2e.browser, PHONE);
    const dialogs: string[] = [];
    let accept = true;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    let createdId: number | undefined;
    try {
      await openSignedIn(page, e2e.server, '/admin/users');
      await page.getByRole('heading', { name: 'Admin Users' }).waitFor();
      await page.getByText('Manage admin accounts').waitFor();
      await expect(page.getByRole('heading', { name: 'Create New Admin User' }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Add Admin User' }).click();
      await page.getByRole('heading', { name: 'Create New Admin User' }).waitFor();
      await page.getByText('The user must change this password on first login.').waitFor();
      expect(await page.getByLabel('Role').inputValue()).toBe('admin');

      // The form's own checks before anything is sent.
      await page.getByLabel('Username').fill('ab');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create Admin User' }).click();
      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByText('Email must be an e-mail address').waitFor();
      await page.getByText('Password must be at least 8 characters long').waitFor();

      await page.getByLabel('Username').fill('Events Helper');
      await page.getByLabel('Email').fill('helper@example.co.uk');
      await page.getByLabel('Password').fill('Helper-start-2026');
      await page.getByRole('button', { name: 'Create Admin User' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: "Admin user 'Events Helper' created successfully" })
        .first()
        .waitFor();
      await expect(page.getByRole('heading', { name: 'Create New Admin User' }).count()).resolves.toBe(0);
      const card = page.getByRole('listitem').filter({ hasText: 'helper@example.co.uk' });
      await card.waitFor();
      expect(await card.textContent()).toContain('Admin');

      const stored = (await listAdmins(e2e.server)).find((admin) => admin.email === 'helper@example.co.uk');
      expect(stored).toMatchObject({ username: 'Events Helper', role: 'admin', force_password_change: true });
      createdId = stored?.id;

      // Cancelling the confirmation keeps the account.
      accept = false;
      await card.getByRole('button', { name: 'Delete Events Helper' }).click();
      expect(dialogs).toEqual(["Are you sure you want to delete admin user 'Events Helper'?"]);
      expect((await listAdmins(e2e.server)).some((admin) => admin.id === createdId)).toBe(true);

      accept = true;
      await card.getByRole('button', { name: 'Delete Events Helper' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: "Admin user 'Events Helper' deleted successfully" })
        .first()
        .waitFor();
      await card.waitFor({ state: 'detached' });
      expect((await listAdmins(e2e.server)).some((admin) => admin.id === createdId)).toBe(false);
      createdId = undefined;
    } finally {
      await context.close();
      if (createdId)
        await adminApi(
          e2e.server,
          await apiLogin(e2e.server),
          'DELETE',
          `/api/admin/users/${createdId}`,
        ).catch(() => undefined);
    }
  });

  it('creates a superadmin with the red badge, and shows the server detail for a duplicate', async () => {
    const { context, page } = await freshPage(e2e.browser);
    let createdId: number | undefined;
    try {
      await openSignedIn(page, e2e.server, '/admin/users');
      await page.getByRole('button', { name: 'Add Admin User' }).click();
      await page.getByLabel('Username').fill('Second Boss');
      await page.getByLabel('Email').fill('boss2@example.co.uk');
      await page.getByLabel('Password').fill('Second-boss-2026');
      await page.getByLabel('Role').selectOption('superadmin');
      await page.getByRole('button', { name: 'Create Admin User' }).click();
      const card = page.getByRole('listitem').filter({ hasText: 'boss2@example.co.uk' });
      await card.waitFor();
      const badge = card.getByText('Superadmin', { exact: true });
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(185, 28, 28)');
      createdId = (await listAdmins(e2e.server)).find((admin) => admin.email === 'boss2@example.co.uk')?.id;

      await page.getByRole('button', { name: 'Add Admin User' }).click();
      await page.getByLabel('Username').fill('Second Boss');
      await page.getByLabel('Email').fill('boss2@example.co.uk');
      await page.getByLabel('Password').fill('Second-boss-2026');
      await page.getByRole('button', { name: 'Create Admin User' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'An admin with this email already exists' })
        .first()
        .waitFor();
    } finally {
      await context.close();
      if (createdId)
        await adminApi(
          e2e.server,
          await apiLogin(e2e.server),
          'DELETE',
          `/api/admin/users/${createdId}`,
        ).catch(() => undefined);
    }
  });

  it('offers Delete only where the server would allow it, and says each outcome once', async () => {
    const { context, page } = await freshPage(e2e.browser);
    page.on('dialog', (dialog) => void dialog.accept());
    // A second, non-superadmin admin may not delete the superadmin; nobody may delete themselves.
    const helper = await createAdmin(e2e.server, { ready: true });
    try {
      await openSignedIn(page, e2e.server, '/admin/users');
      const owner = page.getByRole('listitem').filter({ hasText: 'owner@example.co.uk' });
      const helperCard = page.getByRole('listitem').filter({ hasText: helper.email });
      await helperCard.waitFor();
      expect(await owner.getByRole('button', { name: /^Delete/ }).count(), 'not on your own account').toBe(0);
      expect(await helperCard.getByRole('button', { name: /^Delete/ }).count()).toBe(1);

      await page.evaluate(() => localStorage.clear());
      const token = await apiLogin(e2e.server, helper);
      await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
      await page.reload();
      await helperCard.waitFor();
      expect(await owner.getByRole('button', { name: /^Delete/ }).count(), 'a superadmin, to an admin').toBe(
        0,
      );
      expect(await helperCard.getByRole('button', { name: /^Delete/ }).count(), 'their own account').toBe(0);

      // A refusal the screen cannot foresee (a duplicate) is one banner, not a banner and a toast.
      await page.getByRole('button', { name: 'Add Admin User' }).click();
      await page.getByLabel('Username').fill('Another Owner');
      await page.getByLabel('Email').fill('owner@example.co.uk');
      await page.getByLabel('Password').fill('Another-owner-2026');
      await page.getByRole('button', { name: 'Create Admin User' }).click();
      await page.getByRole('alert').filter({ hasText: 'already exists' }).first().waitFor();
      // A toast would come from the same refusal's handling: by two frames later it would be drawn.
      await framesDrawn(page);
      expect(await page.getByText(/already exists/).count(), 'said once').toBe(1);
      expect((await listAdmins(e2e.server)).some((admin) => admin.email === 'owner@example.co.uk')).toBe(
        true,
      );
    } finally {
      await context.close();
      await deleteAdmin(e2e.server, helper);
    }
  });

  it('has no axe violations on Admin Users with the form open, phone and desktop', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const { context, page } = await freshPage(e2e.browser, options);
      await openSignedIn(page, e2e.server, '/admin/users');
      await page.getByRole('listitem').first().waitFor();
      await page.getByRole('button', { name: 'Add Admin User' }).click();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });
});
