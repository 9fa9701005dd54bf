// Builds the web client — the browser build (dist/web) with a page per admin screen, and the
// server renderer (dist/ssr) — and tells whether the build is older than its sources. Used by
// `npm run build`, `npm start` and the e2e suite.
import path from 'node:path';
import type { LogLevel } from 'vite';
import { writeAdminScreenPages } from './prerender-admin.ts';

export { webBuildIsStale } from './build-freshness.mjs';

/** Builds into `distDir`/web and `distDir`/ssr (the server's default is dist). */
export async function buildWeb(distDir = 'dist', options: { logLevel?: LogLevel } = {}): Promise<void> {
  const { build } = await import('vite');
  const logLevel = options.logLevel ?? 'warn';
  // Vite follows NODE_ENV when it is set, and callers run with `test` (vitest) or `development`
  // (.env): that would bundle React's development runtime, which a production server can't render.
  const callersNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel, mode: 'production', build: { outDir: path.join(distDir, 'web') } });
    // The admin's own build, into the same folder (vite.config.ts).
    process.env.RANGE_WEB_PART = 'admin';
    try {
      await build({ logLevel, mode: 'production', build: { outDir: path.join(distDir, 'web') } });
    } finally {
      delete process.env.RANGE_WEB_PART;
    }
    await writeAdminScreenPages(path.join(distDir, 'web'), logLevel);
    await build({ logLevel, mode: 'production', build: { ssr: true, outDir: path.join(distDir, 'ssr') } });
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callersNodeEnv;
  }
}
