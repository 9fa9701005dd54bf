import { openSignedIn } from '../support/admin.ts';
import type { Screen } from './screen.ts';

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
    name: 'admin-settings',
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/settings');
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
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
    name: 'admin-users',
    open: async (page, server) => {
      await openSignedIn(page, server, '/admin/users');
      await page.getByRole('button', { name: 'Add Admin User' }).click();
    },
  },
];
