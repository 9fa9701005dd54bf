// The public pages, the admin client's shell and the files crawlers ask for. Pages come from the page
// renderer's cache; see page-renderer.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_PAGES } from '#shared/page-data.ts';
import { encodedBytes, encodingHeaders, pickEncoding, type Encoding } from '../../lib/compressed-body.ts';
import type { CompressedPage, PageRenderer } from './page-renderer.ts';

/** Headers of a rendered page; the fast lane sends the very same. */
export function pageHeaders(page: CompressedPage, encoding: Encoding): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    // Always revalidated (content edits show at once); the ETag makes that a 304.
    'cache-control': 'no-cache',
    ...encodingHeaders(page, encoding),
  };
}

export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  renderer: PageRenderer,
  pagePath: string,
) {
  const page = await renderer.page(pagePath);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.headers(pageHeaders(page, encoding));
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return reply.code(page.status).send(encodedBytes(page, encoding));
}

export function registerPageRoutes(app: FastifyInstance, renderer: PageRenderer, publicUrl: string): void {
  for (const pagePath of PUBLIC_PAGES) {
    app.get(pagePath, { config: { public: true, securityHeaders: 'page' } }, (request, reply) =>
      sendPage(request, reply, renderer, pagePath),
    );
  }

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
