// The admin's pages in `npm run bench:web` (issue 37): /admin/login as the owner first sees it, and,
// with a real session, the dashboard and the bookings screen. The session is made as the client
// makes it: signed in through the API, the token put in the browser's localStorage and the admin pages'
// cookie, where the client keeps it (decision 0491); Lighthouse is then told to keep the storage. With a reference build (`--admin-reference`,
// e.g. the commit before a change, built with `npm run build` in a worktree), each page of it is
// measured in the same run, alternating with ours.
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '#shared/admin-prerendered.ts';
import { ADMIN, startTestServer, type TestServer } from '../../e2e/support/server.ts';
import { audit, summary, type RunResult, type Summary } from './lighthouse-audit.ts';

/** Issue 37's goals (Lighthouse mobile, median of three). */
export const ADMIN_GOALS = {
  login: { performance: 95, lcp: 1800 },
  signedIn: { tbt: 200, lcp: 2000 },
} as const;

const PAGES = [
  { path: '/admin/login', signedIn: false },
  { path: '/admin/dashboard', signedIn: true },
  { path: '/admin/bookings', signedIn: true },
] as const;

export interface AdminFigures {
  path: string;
  ours: Summary;
  reference?: Summary;
}

async function signIn(server: TestServer): Promise<string> {
  const answer = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!answer.ok) throw new Error(`sign-in for the bench answered ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Puts the session into the browser Lighthouse drives, or takes it out for a signed-out page:
 * Lighthouse's own storage reset leaves localStorage alone, and a session left there would have the
 * sign-in page measured going on to the dashboard.
 */
async function storeSession(chromePort: number, origin: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    // Keeping the storage keeps the cache too: each page is measured cold, as at the first visit.
    await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
    await page.goto(`${origin}/favicon.svg`);
    // As the client keeps it: the token in localStorage, and in the cookie of the admin's pages.
    await page.evaluate(
      ({ value, cookie }) => {
        if (value === null) localStorage.removeItem('adminToken');
        else localStorage.setItem('adminToken', value);
        document.cookie = `${cookie}=${value ?? ''}; Path=/admin; Max-Age=${value === null ? 0 : 3600}; SameSite=Strict`;
      },
      { value: token, cookie: SESSION_COOKIE },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

async function auditAdminPage(
  server: TestServer,
  token: string,
  chromePort: number,
  page: (typeof PAGES)[number],
  label: string,
) {
  await storeSession(chromePort, server.url, page.signedIn ? token : null);
  return audit(`${server.url}${page.path}`, chromePort, label, page.signedIn);
}

export async function measureAdminPages(
  chromePort: number,
  runs: number,
  webRoot: string,
  referenceWebRoot: string | undefined,
): Promise<AdminFigures[]> {
  const ours = await startTestServer({ NODE_ENV: 'production' }, webRoot);
  const reference = referenceWebRoot
    ? await startTestServer({ NODE_ENV: 'production' }, referenceWebRoot)
    : undefined;
  try {
    const tokens = { ours: await signIn(ours), reference: reference ? await signIn(reference) : '' };
    const results = PAGES.map(() => ({ ours: [] as RunResult[], reference: [] as RunResult[] }));
    for (let run = 0; run < runs; run += 1)
      for (const [index, page] of PAGES.entries()) {
        results[index]!.ours.push(await auditAdminPage(ours, tokens.ours, chromePort, page, page.path));
        if (reference)
          results[index]!.reference.push(
            await auditAdminPage(reference, tokens.reference, chromePort, page, `${page.path} (reference)`),
          );
      }
    return PAGES.map((page, index) => ({
      path: page.path,
      ours: summary(results[index]!.ours),
      ...(reference ? { reference: summary(results[index]!.reference) } : {}),
    }));
  } finally {
    await ours.close();
    await reference?.close();
  }
}
