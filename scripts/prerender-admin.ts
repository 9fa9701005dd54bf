// Part of the web build (build-web.ts): one page per admin screen, `admin-screens/<screen>.html`,
// each a copy of the built admin shell (decision 0478).
// - A screen listed in shared/admin-prerendered.ts (the sign-in form) is written into its page, so it
//   shows as soon as the page and its stylesheet arrive, before any script. The page's only script is
//   after-paint.ts, which starts the admin client once the screen is painted. The screens are rendered
//   by src/web/admin/prerender.tsx, bundled for Node into a folder of its own that is removed
//   afterwards: nothing of it is served or loaded by the server.
// - Every other screen's page asks at once for the scripts of its screen (`routes/<screen>.tsx`) and,
//   signed in, of the layout around it, which the client would otherwise fetch one after the other.
//   A signed-in screen's page also holds the signed-in frame (the layout with only the screen's
//   heading, src/web/admin/prerender.tsx), painted before any script; the client draws the screen in
//   its place (decision 0486).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LogLevel } from 'vite';
import {
  ADMIN_SCREEN_PAGES,
  DRAWN_PAGE_TEMPLATES,
  DRAWN_SCREEN_SLOT,
  PRELOADS_ID,
  PRERENDERED_ADMIN_SCREENS,
  PRERENDERED_ATTRIBUTE,
  QUERY_STATE_SLOT,
  SERVER_DRAWN_ATTRIBUTE,
  SERVER_DRAWN_SCREENS,
  SIGNED_IN_FRAME_ATTRIBUTE,
} from '../src/shared/admin-prerendered.ts';
import { collect, writeCompressedCopies, type ManifestChunk } from './vite-precompress.ts';

const RENDERER = 'src/web/admin/prerender.tsx';
/** The admin's own build's manifest (vite.config.ts). */
const ADMIN_MANIFEST = '.vite/admin-manifest.json';
const AFTER_PAINT = 'src/web/admin/after-paint.ts';
const SHELL_ENTRY = 'admin.html';
const LAYOUT = 'src/web/admin/layout.tsx';
const SCREEN_MODULE = /^src\/web\/admin\/routes\/([a-z-]+)\.tsx$/;
/** The screens outside the signed-in layout (admin/app.tsx). */
const SIGNED_OUT = new Set(['login', 'forgot-password', 'reset-password']);
const EMPTY_ROOT = '<div id="root"></div>';
/** The shell's entry script and the preloads of its chunks. */
const SHELL_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

type Prerender = typeof import('../src/web/admin/prerender.tsx');
type Manifest = Record<string, ManifestChunk>;

/** Bundles the renderer for Node into `work` and loads it. */
async function loadRenderer(work: string, logLevel: LogLevel): Promise<Prerender> {
  const { build } = await import('vite');
  await build({
    logLevel,
    mode: 'production',
    build: { ssr: true, outDir: work, rollupOptions: { input: RENDERER } },
  });
  return (await import(pathToFileURL(path.join(work, 'prerender.js')).href)) as Prerender;
}

/** The shell with after-paint.ts as its only script, which starts the client once it is painted. */
function afterPaintShell(shell: string, manifest: Manifest) {
  const afterPaint = manifest[AFTER_PAINT]?.file;
  if (!afterPaint) throw new Error(`${AFTER_PAINT} is not an entry of the browser build`);
  return shell
    .replace(SHELL_SCRIPTS, '')
    .replace('</head>', `  <script type="module" crossorigin src="/${afterPaint}"></script>\n  </head>`);
}

/** The page of a screen written into it: its markup in the root, after-paint.ts its only script. */
async function writtenInPage(shell: string, manifest: Manifest, renderer: Prerender, screen: string) {
  const screenPath = `/admin/${screen}`;
  const markup = await renderer.prerenderAdminScreen(screenPath);
  return afterPaintShell(shell, manifest).replace(
    EMPTY_ROOT,
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="${screenPath}">${markup}</div>`,
  );
}

/**
 * The page also asks at once for the font faces its stylesheet names: a screen drawn before they
 * arrive would be painted in the fallback font and move as they swap in (a layout shift the owner
 * sees as the page jumping).
 */
function withFontsPreloaded(webDir: string, page: string) {
  const sheets = [...page.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/g)].map((m) => m[1]!);
  const fonts = new Set(
    sheets.flatMap((sheet) =>
      [...fs.readFileSync(path.join(webDir, sheet), 'utf8').matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map(
        (m) => m[1]!,
      ),
    ),
  );
  const links = [...fonts]
    .map((font) => `  <link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>\n`)
    .join('');
  return page.replace('</head>', `${links}  </head>`);
}

/**
 * The template of a screen's page as the server draws it (decision 0491): the screen and its answers
 * go in the slots; its scripts, the shell's and the screen's, are asked for once it is painted
 * (after-paint.ts reads their list), so on a slow connection they do not hold back the first paint.
 */
function drawnPageTemplate(webDir: string, shell: string, manifest: Manifest, module: string) {
  // What the shell's entry imports (after-paint.ts imports the client itself), the screen, the layout.
  const files = new Set<string>();
  for (const key of manifest[SHELL_ENTRY]?.imports ?? []) collect(manifest, key, files);
  collect(manifest, module, files);
  collect(manifest, LAYOUT, files);
  const preloads = JSON.stringify([...files].map((file) => `/${file}`));
  return withFontsPreloaded(webDir, afterPaintShell(shell, manifest)).replace(
    EMPTY_ROOT,
    `<div id="root" ${SERVER_DRAWN_ATTRIBUTE}>${DRAWN_SCREEN_SLOT}</div>\n` +
      `    <script type="application/json" id="${PRELOADS_ID}">${preloads}</script>${QUERY_STATE_SLOT}`,
  );
}

/**
 * The shell, also asking for the screen's chunks (and the layout's) that it does not ask for already;
 * a signed-in screen's with the signed-in frame in its root.
 */
async function preloadingPage(
  shell: string,
  manifest: Manifest,
  renderer: Prerender,
  screen: string,
  module: string,
) {
  const chunks = collect(manifest, module, new Set());
  if (!SIGNED_OUT.has(screen)) collect(manifest, LAYOUT, chunks);
  const preloads = [...chunks]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
  const page = shell.replace('</head>', `${preloads}  </head>`);
  if (SIGNED_OUT.has(screen)) return page;
  const frame = await renderer.prerenderSignedInFrame(`/admin/${screen}`);
  return page.replace(EMPTY_ROOT, `<div id="root" ${SIGNED_IN_FRAME_ATTRIBUTE}>${frame}</div>`);
}

export async function writeAdminScreenPages(webDir: string, logLevel: LogLevel): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, ADMIN_MANIFEST), 'utf8')) as Manifest;
  const shell = fs.readFileSync(path.join(webDir, 'admin.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT) || !shell.includes('</head>'))
    throw new Error(`the built admin.html has no ${EMPTY_ROOT} or no </head>`);
  const pagesDir = path.join(webDir, ADMIN_SCREEN_PAGES);
  fs.mkdirSync(path.join(pagesDir, DRAWN_PAGE_TEMPLATES), { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'range-admin-prerender-'));
  try {
    const renderer = await loadRenderer(work, logLevel);
    for (const module of Object.keys(manifest)) {
      const screen = SCREEN_MODULE.exec(module)?.[1];
      if (!screen) continue;
      const page = PRERENDERED_ADMIN_SCREENS.includes(screen)
        ? await writtenInPage(shell, manifest, renderer, screen)
        : await preloadingPage(shell, manifest, renderer, screen, module);
      const target = path.join(pagesDir, `${screen}.html`);
      fs.writeFileSync(target, page);
      writeCompressedCopies(target);
      if (SERVER_DRAWN_SCREENS.includes(screen))
        fs.writeFileSync(
          path.join(pagesDir, DRAWN_PAGE_TEMPLATES, `${screen}.html`),
          drawnPageTemplate(webDir, shell, manifest, module),
        );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
