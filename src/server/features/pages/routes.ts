// The public pages, the admin client's shell and the files crawlers ask for. Pages come from the page
// renderer's cache; see page-renderer.ts.
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGES } from '#shared/page-data.ts';
import { encodingHeaders, type CompressedBody, type Encoding } from '../../lib/compressed-body.ts';
import type { CachedRoute } from '../../plugins/public-fast-lane.ts';
import type { PageRenderer } from './page-renderer.ts';

/** Headers of a rendered page (the 404 page included). */
export function pageHeaders(page: CompressedBody, encoding: Encoding): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    // Always revalidated (content edits show at once); the ETag makes that a 304.
    'cache-control': 'no-cache',
    ...encodingHeaders(page, encoding),
  };
}

/** The public pages, registered by plugins/public-fast-lane.ts (which answers them while current). */
export function publicPageRoutes(renderer: PageRenderer): CachedRoute[] {
  return PUBLIC_PAGES.map((pagePath) => ({
    path: pagePath,
    type: 'text/html',
    securityHeaders: 'page',
    peek: () => renderer.cached(pagePath),
    load: () => renderer.page(pagePath),
    headers: pageHeaders,
  }));
}

/** What crawlers ask for beside the pages. */
export function registerCrawlerRoutes(app: FastifyInstance, publicUrl: string): void {
  app.get('/robots.txt', { config: { public: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { config: { public: true } }, (_request, reply) => {
    const urls = PUBLIC_PAGES.map(
      (pagePath) =>
        `<url><loc>${publicUrl}${pagePath}</loc><priority>${pagePath === '/' ? '1.0' : '0.3'}</priority></url>`,
    ).join('');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
  });
}
