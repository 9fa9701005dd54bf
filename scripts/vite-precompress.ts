// Writes brotli and gzip copies beside every compressible file of the browser build, so the server
// sends compressed assets without compressing anything per request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const ENTRY = 'src/web/public/entry-client.tsx';
/** What the entry fetches for the islands hydrated at start (islands/islands.ts, decision 0439). */
const AT_START = ['src/web/public/islands/hydrate-island.tsx', 'src/web/public/islands/at-start.ts'];

/** A chunk's file and every file it imports statically, into `files`. */
export function collect(
  manifest: Record<string, ManifestChunk>,
  key: string,
  files: Set<string>,
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const next of chunk.imports ?? []) collect(manifest, next, files);
  return files;
}

function sizes(outDir: string, files: Iterable<string>) {
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const total = { raw: 0, gzip: 0, br: 0, count: 0 };
  for (const file of files) {
    const full = path.join(outDir, file);
    total.raw += size(full);
    total.gzip += size(`${full}.gz`) || size(full);
    total.br += size(`${full}.br`) || size(full);
    total.count += 1;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What the public pages load before any interaction (120 KB at most, docs/performance.md): the entry, then
 * React and the islands hydrated at start; and what each other island adds when it hydrates.
 */
function reportPublicBundle(outDir: string): void {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const atStart = collect(manifest, ENTRY, new Set());
  for (const key of AT_START) collect(manifest, key, atStart);
  const initial = sizes(outDir, atStart);
  process.stdout.write(
    `public pages load ${initial.count} script(s) before any interaction: ${kb(initial.raw)} raw, ${kb(initial.gzip)} gzip, ${kb(initial.br)} brotli (budget 120 KB over the wire)\n`,
  );
  const later = (manifest[ENTRY]?.dynamicImports ?? []).filter((key) => !AT_START.includes(key));
  for (const key of later) {
    const extra = [...collect(manifest, key, new Set())].filter((file) => !atStart.has(file));
    // A source file's key is its path; a shared chunk's, its file name with the content hash.
    const name = key.startsWith('_')
      ? key.slice(1).replace(/-[\w-]{8}\.js$/, '')
      : path.basename(key).replace(/\.tsx?$/, '');
    process.stdout.write(`  island ${name} adds ${kb(sizes(outDir, extra).br)} brotli when it hydrates\n`);
  }
}

/** The .gz and .br copies beside `file`, when it is worth compressing. */
export function writeCompressedCopies(file: string): void {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) return;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
}

/** `reportPublicBundle`: print what the public pages load (their build only). */
export function precompress(options: { reportPublicBundle: boolean }): Plugin {
  let outDir = '';
  return {
    name: 'range-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        writeCompressedCopies(file);
      }
      if (options.reportPublicBundle) reportPublicBundle(outDir);
    },
  };
}
