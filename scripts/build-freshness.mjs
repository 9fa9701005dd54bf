// Whether a build is older than its sources. Plain JavaScript because `npm start` (scripts/launch.mjs)
// asks before anything can compile TypeScript; the build scripts and the test and bench harnesses
// ask the same question through scripts/build-web.ts and scripts/build-server.ts.
import fs from 'node:fs';
import path from 'node:path';

// The build's own scripts count too: a change to how the chunks are cut or the pages written is a
// new build.
const WEB_SOURCES = [
  'src/web',
  'src/shared',
  'public',
  'admin.html',
  'vite.config.ts',
  'package.json',
  'scripts/build-web.ts',
  'scripts/prerender-admin.ts',
  'scripts/vite-precompress.ts',
  'scripts/admin-chunks.ts',
];
// `scripts` holds the operational scripts that are compiled with the server, and the build itself.
const SERVER_SOURCES = ['src/server', 'src/shared', 'src/demo', 'scripts', 'package.json', 'tsconfig.json'];

/** The SSR entry is written last, so its time says when the whole web build finished. */
const webBuildMarker = (/** @type {string} */ distDir) => path.join(distDir, 'ssr', 'entry-server.js');
/** The server build is moved into place as one folder, so its entry's time is the build's. */
const serverBuildMarker = (/** @type {string} */ distDir) => path.join(distDir, 'server', 'server.js');

/** @param {string} entry */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file in it is added or removed.
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/**
 * @param {string} marker
 * @param {string[]} sources
 */
function isStale(marker, sources) {
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
}

export const webBuildIsStale = (distDir = 'dist') => isStale(webBuildMarker(distDir), WEB_SOURCES);
export const serverBuildIsStale = (distDir = 'dist') => isStale(serverBuildMarker(distDir), SERVER_SOURCES);
