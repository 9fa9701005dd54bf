import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];

/** The test files under `dir`, as paths from the repository's root. */
const testFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));

// A server test file spends more time importing the app than running its tests, so the server's
// files share one module graph per worker (isolate: false; docs/decisions/0477). A file that
// replaces a module (vi.mock) needs its own graph, found here by reading the files so a new one
// cannot be forgotten; so does every browser-side file, whose stores live at module level.
const replacesModules = (file: string) => /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8'));
const isolated = [...testFiles('src/server'), ...testFiles('scripts')].filter(replacesModules);

export default defineConfig({
  test: {
    globalSetup: ['src/server/testing/global-setup.ts'],
    // A guard against a hang, not a speed limit: with the e2e suite beside it on two cores, the
    // heaviest tests (43 argon2 checks; drawing the demo pictures) took 16–20 s on a slow day and
    // two ran past an earlier 20 s (docs/decisions/0482).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of a test's time is spent waiting on disk syncs and PostgreSQL, not on the CPU: on a
    // 2-core machine four files at once finish in about half the time of the default one.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: INCLUDE,
          exclude: ['src/web/**', ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ['src/web/**/*.test.ts', ...isolated] } },
    ],
  },
});
