// `npm start`: builds the web client when the build is missing or older than its sources, then
// starts the server. Reads ./.env when present.
import fs from 'node:fs';
import path from 'node:path';
import { loadDotEnv } from './dot-env.ts';

const WEB_SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'package.json'];
const BUILD_MARKER = 'dist/web/index.html';

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

export function webBuildIsStale(): boolean {
  if (!fs.existsSync(BUILD_MARKER)) return true;
  const built = fs.statSync(BUILD_MARKER).mtimeMs;
  return WEB_SOURCES.some((entry) => newestMtime(entry) > built);
}

loadDotEnv();

if (webBuildIsStale()) {
  process.stdout.write('Building the web client (first start or sources changed)…\n');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

const { main } = await import('../src/server/server.ts');
await main();
