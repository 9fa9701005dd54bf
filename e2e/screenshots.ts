// `npm run screenshots`: PNGs of every public page and admin screen at 390 px and 1280 px wide, in
// ./screenshots (git-ignored). Starts its own server with the demo content; builds the client first
// when it is stale. Each area lists its screens in e2e/screens/*.ts. A screen that breaks the
// Content-Security-Policy is named, and the command then fails (as any e2e test would: support/csp.ts).
import fs from 'node:fs';
import path from 'node:path';
import { buildWeb, webBuildIsStale } from '../scripts/build-web.ts';
import { DESKTOP, launchBrowser, PHONE } from './support/browser.ts';
import { watchContentSecurityPolicy } from './support/csp.ts';
import { DIST_DIR, startTestServer } from './support/server.ts';
import type { Screen } from './screens/screen.ts';
import { PUBLIC_SCREENS } from './screens/public.ts';
import { ADMIN_CORE_SCREENS } from './screens/admin-core.ts';
import { ADMIN_BOOKINGS_SCREENS } from './screens/admin-bookings.ts';
import { ADMIN_CONTENT_SCREENS } from './screens/admin-content.ts';

const OUT_DIR = path.resolve('screenshots');
const only = process.argv[2]; // optional: a name prefix, e.g. `npm run screenshots -- admin-`

if (webBuildIsStale(DIST_DIR)) await buildWeb(DIST_DIR);
fs.mkdirSync(OUT_DIR, { recursive: true });
const server = await startTestServer();
const browser = await launchBrowser();
const csp = watchContentSecurityPolicy(browser, () => server.url);
let violations = 0;
try {
  const screens: Screen[] = [
    ...PUBLIC_SCREENS,
    ...ADMIN_CORE_SCREENS,
    ...ADMIN_CONTENT_SCREENS,
    ...ADMIN_BOOKINGS_SCREENS,
  ].filter((screen) => !only || screen.name.startsWith(only));
  for (const screen of screens) {
    for (const [label, options] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
      // This script runs under tsx, whose compiler wraps named functions in `__name(…)` to keep their
      // names — also inside the functions handed to page.evaluate, where the helper does not exist.
      await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
      const page = await context.newPage();
      await screen.open(page, server);
      await page.waitForLoadState('networkidle');
      const file = path.join(OUT_DIR, `${screen.name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: screen.fullPage ?? true });
      process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
      await context.close();
      for (const violation of csp.take()) {
        violations += 1;
        process.stdout.write(`  Content-Security-Policy violation: ${violation}\n`);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
if (violations > 0) {
  process.stdout.write(`${violations} Content-Security-Policy violations (above)\n`);
  process.exitCode = 1;
}
