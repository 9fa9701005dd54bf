// Builds the web client — the browser build (dist/web) and the server renderer (dist/ssr) — and tells
// whether the build is older than its sources. Used by `npm run build`, `npm start` and the e2e suite.
import path from 'node:path';
import type { LogLevel } from 'vite';

export { webBuildIsStale } from './build-freshness.mjs';

/** Builds into `distDir`/web and `distDir`/ssr (the server's default is dist). */
export async function buildWeb(distDir = 'dist', options: { logLevel?: LogLevel } = {}): Promise<void> {
  const { build } = await import('vite');
  const logLevel = options.logLevel ?? 'warn';
  await build({ logLevel, build: { outDir: path.join(distDir, 'web') } });
  await build({ logLevel, build: { ssr: true, outDir: path.join(distDir, 'ssr') } });
}
