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

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** What the public pages load before any interaction: the entry, hydration and their static imports (SPEC budget 120 KB). */
function reportPublicBundle(outDir: string): void {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  // The entry, and the hydration it imports once the hero picture is painted (before any interaction).
  const entry = 'src/web/public/entry-client.tsx';
  visit(entry);
  for (const hydration of manifest[entry]?.dynamicImports ?? []) visit(hydration);
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    const full = path.join(outDir, file);
    raw += size(full);
    gzip += size(`${full}.gz`) || size(full);
    br += size(`${full}.br`) || size(full);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `public pages load ${files.size} script(s): ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(br)} brotli (budget 120 KB over the wire)\n`,
  );
}

export function precompress(): Plugin {
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
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
      reportPublicBundle(outDir);
    },
  };
}
