// Builds the web client — the browser build (dist/web) and the server renderer (dist/ssr) — and tells
// whether the build is older than its sources. Used by `npm start` and the e2e suite.
import fs from 'node:fs';
import path from 'node:path';

const WEB_SOURCES = ['src/web', 'src/shared', 'public', 'admin.html', 'vite.config.ts', 'package.json'];
/** The SSR entry is written last, so its time says when the whole build finished. */
const buildMarker = (distDir: string) => path.join(distDir, 'ssr', 'entry-server.js');

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

export function webBuildIsStale(distDir = 'dist'): boolean {
  const marker = buildMarker(distDir);
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return WEB_SOURCES.some((entry) => newestMtime(entry) > built);
}

/** Builds into `distDir`/web and `distDir`/ssr (the server's default is dist). */
export async function buildWeb(distDir = 'dist'): Promise<void> {
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: path.join(distDir, 'web') } });
  await build({ logLevel: 'warn', build: { ssr: true, outDir: path.join(distDir, 'ssr') } });
}
