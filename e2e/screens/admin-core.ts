import { adminApi, openSignedIn } from '../support/admin.ts';
import { seedEnquiry } from '../support/bookings.ts';
import type { TestServer } from '../support/server.ts';
import type { Screen } from './screen.ts';

/**
 * Alex Morgan's enquiry, three days old and answered; seeded once per server (the phone and desktop
 * shots, and the screens after, share it). Its id.
 */
async function seedAlexMorgan(server: TestServer): Promise<number> {
  const email = 'alex.morgan@example.co.uk';
  const stored = await server.started.db
    .selectFrom('enquiries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (stored) return stored.id;
  return seedEnquiry(server, {
    name: 'Alex Morgan',
    email,
    organisation: 'Morgan & Co Summer Party',
    message: 'Hi, could we book the range for our staff party on 14 June? About 60 people.',
    status: 'contacted',
    created_at: Date.now() - 3 * 86_400_000,
  });
}

export const ADMIN_CORE_SCREENS: Screen[] = [
  { name: 'admin-login', open: async (page, server) => void (await page.goto(`${server.url}/admin/login`)) },
  {
    name: 'admin-forgot-password',
    open: async (page, server) => void (await page.goto(`${server.url}/admin/forgot-password`)),
  },
  {
    name: 'admin-reset-password',
    open: async (page, server) => void (await page.goto(`${server.url}/admin/reset-password?token=example`)),
  },
  {
    name: 'admin-reset-password-invalid',
    open: async (page, server) => void (await page.goto(`${server.url}/admin/reset-password`)),
  },
  {
    name: 'admin-dashboard',
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/dashboard');
      await page.getByText('Quick links').waitFor();
    },
  },
  {
    name: 'admin-menu-open',
    fullPage: false,
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/dashboard');
      const menu = page.getByRole('button', { name: 'Menu' });
      // The drawer exists on phones only; on a wide screen the sidebar is always there.
      if (await menu.isVisible()) await menu.click();
    },
  },
  {
    // Issue 28: the settings page's own menu, after a jump to one section.
    name: 'admin-settings-menu',
    fullPage: false,
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings');
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Business details' })
        .click();
      await page.waitForFunction(() => document.activeElement?.id === 'settings-business');
    },
  },
  {
    name: 'admin-settings',
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings');
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    },
  },
  {
    // Issues 15 and 28: where e-mail goes (nowhere yet: no mail server here) and the form to set one.
    name: 'admin-settings-mail',
    fullPage: false,
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings#settings-mail');
      await page.getByRole('form', { name: 'Mail server' }).waitFor();
      await page.evaluate(() => document.getElementById('settings-mail')?.scrollIntoView());
    },
  },
  {
    // What a test e-mail answered without a mail server: not delivered, in a warning style.
    name: 'admin-settings-mail-test',
    fullPage: false,
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings#settings-mail');
      const section = page.getByRole('region', { name: 'Mail', exact: true });
      await section.getByRole('button', { name: 'Send a test e-mail' }).click();
      await section
        .getByRole('status')
        .getByText(/^Not delivered — no mail server yet\./)
        .waitFor();
    },
  },
  {
    name: 'admin-forgot-password-sent',
    open: async (page, server) => {
      await page.goto(`${server.url}/admin/forgot-password`);
      await page.getByLabel('Email').fill('owner@example.co.uk');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    },
  },
  {
    name: 'admin-settings-2fa-setup',
    fullPage: false,
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings');
      await page.getByRole('button', { name: 'Set up two-factor login' }).click();
      await page.getByAltText('QR code to scan with your authenticator app').waitFor();
      await page.getByText('Key for typing in by hand').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-settings-data-request',
    fullPage: false,
    open: async (page, server) => {
      await seedAlexMorgan(server);
      await openSignedIn(page, server, '/admin/settings');
      const section = page.getByRole('region', { name: 'Personal data requests' });
      await section.getByLabel('Their e-mail address').fill('Alex.Morgan@example.co.uk');
      await section.getByRole('button', { name: 'Look up' }).click();
      await section.getByRole('button', { name: 'Erase all of it' }).waitFor();
      await section.scrollIntoViewIfNeeded();
    },
  },
  {
    // Issue 28, item 11: an audit entry about an enquiry names it by its sender and day. After the
    // data request's screen, which shows Alex Morgan's enquiry before it is booked.
    name: 'admin-settings-audit-enquiry',
    fullPage: false,
    open: async (page, server) => {
      const token = await openSignedIn(page, server, '/admin/dashboard');
      const id = await seedAlexMorgan(server);
      const [enquiry] = await server.started.db
        .selectFrom('enquiries')
        .select('status')
        .where('id', '=', id)
        .execute();
      // Marked once per server: the phone and desktop shots share the entry.
      if (enquiry?.status !== 'booked')
        await adminApi(server, token, 'PATCH', `/api/admin/enquiries/${id}`, { status: 'booked' });
      await page.goto(`${server.url}/admin/settings#settings-audit`);
      await page
        .getByRole('list', { name: 'Audit log entries' })
        .getByRole('listitem')
        .filter({ hasText: 'Marked the enquiry from Alex Morgan (' })
        .first()
        .waitFor();
      await page.evaluate(() => document.getElementById('settings-audit')?.scrollIntoView());
    },
  },
  {
    name: 'admin-users',
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/users');
      await page.getByRole('button', { name: 'Add Admin User' }).click();
    },
  },
];
