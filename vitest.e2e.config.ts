import { defineConfig } from 'vitest/config';

// End-to-end tests: a real server (built web client, SQLite, demo content) driven by Debian's
// Chromium through playwright-core. Each file starts its own server (a free port, its own folder) and
// browser. Two files at a time: with two cores, and `npm test` running the unit suite beside this one
// (docs/decisions/0481), more would only starve each other. A worker imports the server once and
// keeps it for its later files (isolate: false), as the server's unit tests do (decision 0477): the
// files share no state but what each server and browser they start holds.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A wait is for a condition, not a speed limit: on this 2-core machine with the unit suite and
    // two files running, a screen that fetches before drawing, a mail sent in the background or the
    // captcha's proof of work took more than 10 s under load (three CI runs failed on 5- and 10-s
    // waits). Every poll waits as long as Playwright's own waits (30 s), and no test sets less.
    expect: { poll: { timeout: 30_000 } },
    // In CI, a failed test runs once more (reported "retry x1"), a stopgap and not a cure: at load 15
    // on two cores, four of five CI runs failed one different test each (a click that led nowhere, a
    // save whose answer never showed), and none failed run alone. Each failed attempt prints where its
    // pages stood and what they said (e2e/support/e2e.ts), so a retried flake can still be found and
    // fixed; a test that fails twice fails the run (docs/decisions/0484).
    retry: process.env.CI ? 1 : 0,
    // A file's own afterAll hooks run before the e2e fixture's clean-up that was registered earlier
    // (e2e/support/e2e.ts): the server and the browser are still there for them. (Vitest's default,
    // written down because the fixture depends on it.)
    sequence: { hooks: 'stack' },
    pool: 'forks',
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
