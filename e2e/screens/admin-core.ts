import type { Screen } from './screen.ts';

export const ADMIN_CORE_SCREENS: Screen[] = [
  { name: 'admin-login', open: async (page, server) => void (await page.goto(`${server.url}/admin/login`)) },
];
