// Compiles the server and the operational scripts into dist/server, so production runs JavaScript and
// never a TypeScript loader (docs/decisions/0405-compiled-server-and-start-up.md). One ESM bundle per
// entry; code they share and code loaded on demand go into chunks.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export { serverBuildIsStale } from './build-freshness.mjs';

/** Each becomes dist/server/<name>.js, run by `node scripts/launch.mjs <name>`. */
export const SERVER_ENTRIES = {
  server: 'src/server/server.ts',
  migrate: 'scripts/migrate.ts',
  'create-admin': 'scripts/create-admin.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  // Run by the server itself, as a child process, at first run.
  'draw-demo-media': 'src/demo/draw-demo-media.ts',
  // Run by the server as a worker thread that writes analytics events (issue 18).
  'analytics-writer': 'src/server/features/analytics/writer-thread.ts',
};

// Packages stay in node_modules (native addons such as better-sqlite3, argon2 and sharp cannot be
// bundled at all), except these plain-ESM libraries, which Node would otherwise load file by file at
// every start (kysely alone is 288 files). Each is imported only by our code or by another package in
// this list, so there is still exactly one copy of it (two copies of zod would not share schemas).
const BUNDLED_PACKAGES = new Set(['kysely', 'zod', 'fastify-type-provider-zod']);

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(build) {
    // Bare specifiers only: relative paths are our files, `#…` our import aliases, `node:…` built-ins.
    build.onResolve({ filter: /^[^./#]/ }, ({ path: specifier }) =>
      BUNDLED_PACKAGES.has(packageName(specifier)) ? undefined : { path: specifier, external: true },
    );
  },
};

export async function buildServer(distDir = 'dist'): Promise<void> {
  const outDir = path.join(distDir, 'server');
  // Built beside the old build and swapped in whole, so a failed build leaves the last good one.
  const staging = `${outDir}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      entryPoints: SERVER_ENTRIES,
      outdir: staging,
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      plugins: [keepPackagesExternal],
      // For stack traces that name the .ts line (scripts/launch.mjs turns source maps on); the
      // sources themselves stay in the repository.
      sourcemap: true,
      sourcesContent: false,
      logLevel: 'warning',
    });
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(staging, outDir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
