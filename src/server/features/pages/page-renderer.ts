// The public pages (/, /legal-notice, /privacy-policy and the 404 page) rendered by React on the
// server from the Vite SSR build, with the current content embedded for hydration.
//
// A rendered page is kept, already compressed, until its data changes: a write through this instance
// marks it stale at once, and so does a change notice from another instance (PostgreSQL deployments,
// db/change-notices.ts); should a notice be missed, the data is read again within PAGE_RECHECK_MS
// and compared by fingerprint. So a page view costs no database query
// and no render, and the bytes sent are the same ones every time.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PAGE_DATA_ELEMENT_ID,
  PUBLIC_PAGES,
  type PageData,
  type RenderPage,
  type RenderedPage,
} from '#shared/page-data.ts';
import type { Clock } from '../../lib/clock.ts';
import { scriptSafeJson } from '../../lib/script-safe-json.ts';
import { compressBodyInStages, type CompressedBody } from '../../lib/compressed-body.ts';

export const PAGE_RECHECK_MS = 1000;
const NOT_FOUND_KEY = '/404';

export interface PageDataSource {
  /** The data every page is rendered from, and a fingerprint that changes whenever it does. */
  load(): Promise<{ data: PageData; fingerprint: string }>;
}

export interface CompressedPage extends CompressedBody {
  status: number;
}

interface ClientAssets {
  script: string;
  /** The page's style sheets, inlined: one request fewer before anything can be painted (issue 18). */
  css: string;
  preloads: string[];
  /**
   * The site's icon, written into the page as a data: URL (a few hundred bytes): a request of its own
   * came before the hero picture (decision 0493). The file's address where the build has none.
   */
  icon: string;
}

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const PUBLIC_ENTRY = 'src/web/public/entry-client.tsx';

/** CSS that cannot end its <style> element early (no real style sheet contains `</style`). */
const styleElementSafe = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

function iconHref(webRoot: string): string {
  const file = path.join(webRoot, 'favicon.svg');
  if (!fs.existsSync(file)) return '/favicon.svg';
  return `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(file, 'utf8'))}`;
}

/** The public entry's script, its CSS and the chunks it imports, from Vite's build manifest. */
export function readClientAssets(webRoot: string): ClientAssets {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ViteManifestChunk>;
  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) throw new Error(`${PUBLIC_ENTRY} is missing from the web build manifest`);
  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  const css = [...styles].map((file) => fs.readFileSync(path.join(webRoot, file), 'utf8')).join('\n');
  return { script: entry.file, css: styleElementSafe(css), preloads: [...preloads], icon: iconHref(webRoot) };
}

export function pageDocument(
  pagePath: string,
  rendered: RenderedPage,
  data: PageData,
  assets: ClientAssets,
): string {
  const styles = `<style>${assets.css}</style>`;
  const preloads = assets.preloads.map((file) => `<link rel="modulepreload" href="/${file}">`).join('');
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="theme-color" content="#0d0f0b">' +
    `<link rel="icon" href="${assets.icon}" type="image/svg+xml">` +
    '<link rel="icon" href="/favicon.ico" sizes="32x32">' +
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' +
    `${rendered.head}${styles}${preloads}` +
    `<script type="module" src="/${assets.script}"></script>` +
    // data-page: which page this is, so the client hydrates the same one wherever the HTML is served
    // (the 404 page answers any unknown path).
    `</head><body><div id="root" data-page="${pagePath}">${rendered.body}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>` +
    '</body></html>'
  );
}

export interface PageRendererOptions {
  webRoot: string;
  /** The SSR build's entry (dist/ssr/entry-server.js). */
  ssrEntry: string;
  source: PageDataSource;
  clock: Clock;
}

export function ssrBuildExists(webRoot: string, ssrEntry: string): boolean {
  return fs.existsSync(ssrEntry) && fs.existsSync(path.join(webRoot, '.vite', 'manifest.json'));
}

export function createPageRenderer(options: PageRendererOptions) {
  const { clock, source } = options;
  let renderModule: Promise<{ render: RenderPage; assets: ClientAssets }> | undefined;
  const pages = new Map<string, CompressedPage>();
  let fingerprint = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  // Bumped by invalidate(): a refresh that began before may have read the old data, so it does not
  // count as a check.
  let generation = 0;
  let refreshing: Promise<void> | undefined;

  const loadRenderModule = () =>
    (renderModule ??= import(pathToFileURL(options.ssrEntry).href).then((module: { render: RenderPage }) => ({
      render: module.render,
      assets: readClientAssets(options.webRoot),
    })));

  async function refresh(): Promise<void> {
    const readFrom = generation;
    const [{ render, assets }, loaded] = await Promise.all([loadRenderModule(), source.load()]);
    if (readFrom === generation) checkedAt = clock.now();
    if (loaded.fingerprint === fingerprint && pages.size > 0) return;
    pages.clear();
    for (const pagePath of [...PUBLIC_PAGES, NOT_FOUND_KEY]) {
      const rendered = render(pagePath, loaded.data);
      const html = pageDocument(pagePath, rendered, loaded.data, assets);
      // An edit shows at once with quickly compressed copies; the best ones (about two thirds of a
      // refresh's time at full brotli quality) are made off the event loop and replace them.
      const { quick, best } = compressBodyInStages(Buffer.from(html));
      const page = { status: rendered.status, ...quick };
      pages.set(pagePath, page);
      void best.then(
        (smaller) => {
          if (pages.get(pagePath) === page) pages.set(pagePath, { status: rendered.status, ...smaller });
        },
        () => undefined, // the quick copies stay: correct, a little larger
      );
    }
    fingerprint = loaded.fingerprint;
  }

  const keyOf = (pagePath: string) =>
    (PUBLIC_PAGES as readonly string[]).includes(pagePath) ? pagePath : NOT_FOUND_KEY;

  return {
    /** The page while it is known to be current, without any I/O (for the pre-routing fast lane). */
    cached(pagePath: string): CompressedPage | undefined {
      if (clock.now() - checkedAt >= PAGE_RECHECK_MS) return undefined;
      return pages.get(keyOf(pagePath));
    },

    /** The page, re-reading the data first when the last check is older than PAGE_RECHECK_MS. */
    async page(pagePath: string): Promise<CompressedPage> {
      if (clock.now() - checkedAt >= PAGE_RECHECK_MS || pages.size === 0) {
        refreshing ??= refresh().finally(() => {
          refreshing = undefined;
        });
        await refreshing;
      }
      const page = pages.get(keyOf(pagePath));
      if (!page) throw new Error(`page ${pagePath} was not rendered`);
      return page;
    },

    /** A write changed the content or the business details: re-read before the next answer. */
    invalidate(): void {
      generation += 1;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
