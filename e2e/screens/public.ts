import type { Screen } from './screen.ts';

export const PUBLIC_SCREENS: Screen[] = [
  { name: 'public-landing', open: async (page, server) => void (await page.goto(`${server.url}/`)) },
  {
    name: 'public-legal-notice',
    open: async (page, server) => void (await page.goto(`${server.url}/legal-notice`)),
  },
  {
    name: 'public-privacy-policy',
    open: async (page, server) => void (await page.goto(`${server.url}/privacy-policy`)),
  },
  { name: 'public-not-found', open: async (page, server) => void (await page.goto(`${server.url}/nope`)) },
];
