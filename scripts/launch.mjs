// `npm start` (`node scripts/launch.mjs server`) and the operational commands (`… migrate`,
// `… create-admin`, `… backup`, `… restore`): builds whatever is missing or older than its sources,
// then runs the compiled entry dist/server/<name>.js in this process, as `node dist/server/<name>.js
// <args>` would. Plain JavaScript, so the running server never loads a TypeScript compiler; the build
// itself runs in a child process (docs/decisions/0405-compiled-server-and-start-up.md). Reads ./.env
// when present.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverBuildIsStale, webBuildIsStale } from './build-freshness.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  process.stderr.write(
    'Usage: node scripts/launch.mjs <server|migrate|create-admin|backup|restore> [arguments]\n',
  );
  process.exit(2);
}

// Values already in the environment win over the file.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

// Only the server renders pages; the operational commands need the server build alone.
const stale = [
  ...(name === 'server' && webBuildIsStale() ? ['web'] : []),
  ...(serverBuildIsStale() ? ['server'] : []),
];
if (stale.length) {
  process.stdout.write(`Building ${stale.join(' and ')} (first start or sources changed)…\n`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...stale], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const entry = path.resolve('dist', 'server', `${name}.js`);
if (!fs.existsSync(entry)) {
  process.stderr.write(`No such command: ${name} (dist/server has no ${name}.js)\n`);
  process.exit(2);
}
// Stack traces point at the TypeScript sources (esbuild writes the maps beside the bundles).
process.setSourceMapsEnabled(true);
// The entry sees the command line it would have had if started directly.
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
