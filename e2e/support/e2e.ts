// One e2e file's world: a real server and a Chromium, started before the file's tests and closed after
// them — the fixture cleans up after itself (as epic-stack's playwright-utils), so a file sets up in
// one line and cannot forget to close what it opened: a context a test opens is closed when the test
// ends (a page left open goes on costing CPU while the later tests run — a landing page 3–5 % of a
// core, two thirds of one with its hero video playing: decision 0482). Every page the browser opens is
// watched for Content-Security-Policy violations, and a test that caused one fails (csp.ts).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { chromiumAvailable, launchBrowser } from './browser.ts';
import { watchContentSecurityPolicy, type CspWatch } from './csp.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * A describe that is skipped where there is no Chromium. In CI the suite never gets this far without
 * one: global-setup.ts refuses to run.
 */
export const describeE2e = describe.skipIf(!chromiumAvailable());

type Env = Record<string, string>;

export interface E2e {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The CSP violations seen so far in this test (a test that causes one on purpose takes them). */
  readonly csp: CspWatch;
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the e2e ${what} is there only inside tests and hooks`);
  return value;
}

/**
 * Where each page stood when a test failed — its address and the start of what it showed — so a
 * failure that happens only on a loaded CI machine says more than the line it stopped at.
 */
async function reportPages(test: string, errors: string[], contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  const lines = await Promise.all(
    pages.map(async (page) => {
      const [text, said] = await page
        .evaluate(() => [
          document.body.innerText,
          // Toasts, alerts and status lines: where a screen says why something did not happen.
          [...document.querySelectorAll('[role="alert"], [role="status"], [data-sonner-toast], [aria-live]')]
            .map((element) => (element as HTMLElement).innerText)
            .join(' | '),
        ])
        .catch((error: unknown) => [`(text unreadable: ${String(error)})`, '']);
      const flat = (words: string | undefined, length: number) =>
        (words ?? '').replace(/\s+/g, ' ').trim().slice(0, length);
      return `  ${page.url()}\n    ${flat(text, 600)}\n    said: ${flat(said, 600) || '(nothing)'}`;
    }),
  );
  // A retried test's first error is not in vitest's report: it is here, with the pages (none if the
  // test closed its own in a finally).
  const why = errors.map((error) => `  ${error.split('\n').slice(0, 6).join('\n  ')}`).join('\n');
  process.stderr.write(
    `e2e: "${test}" failed:\n${why}\nthe pages open then:\n${lines.join('\n') || '  (none)'}\n`,
  );
}

/**
 * Starts a server (`env` overrides its variables) and a browser before the calling describe's tests
 * and closes both after them. Hooks the file registers after this call run after the start and before
 * the clean-up (vitest.e2e.config.ts: afterAll hooks run in reverse), so they may use both. `env` as
 * a function is read at the start, for values that exist only then (another server's address).
 */
export function useE2eServer(env: Env | (() => Env) = {}): E2e {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let csp: CspWatch | undefined;
  beforeAll(async () => {
    server = await startTestServer(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
    csp = watchContentSecurityPolicy(browser, () => started(server, 'server').url);
  });
  let openBeforeTest = new Set<BrowserContext>();
  beforeEach(() => {
    openBeforeTest = new Set(browser?.contexts());
  });
  afterEach(async ({ task }) => {
    const violations = csp?.take() ?? [];
    const openedByTest = (browser?.contexts() ?? []).filter((context) => !openBeforeTest.has(context));
    if (task.result?.state === 'fail') {
      const errors = (task.result.errors ?? []).map((error) => error.message);
      await reportPages(task.name, errors, browser?.contexts() ?? []);
    }
    await Promise.all(openedByTest.map((context) => context.close().catch(() => undefined)));
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get csp() {
      return started(csp, 'CSP watch');
    },
  };
}
