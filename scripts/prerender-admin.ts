// Part of the web build (build-web.ts): writes each admin screen listed in
// shared/admin-prerendered.ts into its own copy of the built admin shell, so the sign-in form shows
// as soon as the page and its stylesheet arrive, before the admin client's script (decision 0478).
// The copy's only script is after-paint.ts, which starts the client once the screen is painted. The
// screens are rendered by src/web/admin/prerender.tsx, bundled for
// Node into a folder of its own that is removed afterwards: nothing of it is served or loaded by the
// server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LogLevel } from 'vite';
import { PRERENDERED_ADMIN_SCREENS, PRERENDERED_ATTRIBUTE } from '../src/shared/admin-prerendered.ts';
import { writeCompressedCopies, type ManifestChunk } from './vite-precompress.ts';

const ENTRY = 'src/web/admin/prerender.tsx';
const EMPTY_ROOT = '<div id="root"></div>';

type Prerender = typeof import('../src/web/admin/prerender.tsx');

/** Bundles the renderer for Node into `work` and loads it. */
async function loadRenderer(work: string, logLevel: LogLevel): Promise<Prerender> {
  const { build } = await import('vite');
  await build({
    logLevel,
    mode: 'production',
    build: { ssr: true, outDir: work, rollupOptions: { input: ENTRY } },
  });
  return (await import(pathToFileURL(path.join(work, 'prerender.js')).href)) as Prerender;
}

const AFTER_PAINT = 'src/web/admin/after-paint.ts';
/** The shell's entry script and the preloads of its chunks. */
const SHELL_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** The built file of the entry that starts the admin client once the page has been painted. */
function afterPaintScript(webDir: string): string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const file = manifest[AFTER_PAINT]?.file;
  if (!file) throw new Error(`${AFTER_PAINT} is not an entry of the browser build`);
  return `<script type="module" crossorigin src="/${file}"></script>`;
}

export async function prerenderAdminScreens(webDir: string, logLevel: LogLevel): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'range-admin-prerender-'));
  try {
    const { prerenderAdminScreen } = await loadRenderer(work, logLevel);
    const shell = fs.readFileSync(path.join(webDir, 'admin.html'), 'utf8');
    if (!shell.includes(EMPTY_ROOT) || !shell.includes('</head>'))
      throw new Error(`the built admin.html has no ${EMPTY_ROOT} or no </head>`);
    for (const [screenPath, { file }] of Object.entries(PRERENDERED_ADMIN_SCREENS)) {
      const markup = await prerenderAdminScreen(screenPath);
      const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${screenPath}">${markup}</div>`;
      const target = path.join(webDir, file);
      const page = shell
        .replace(SHELL_SCRIPTS, '')
        .replace('</head>', `  ${afterPaintScript(webDir)}\n  </head>`)
        .replace(EMPTY_ROOT, root);
      fs.writeFileSync(target, page);
      writeCompressedCopies(target);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
