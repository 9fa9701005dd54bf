// Serves the built web client: hashed assets (with their precompressed .br/.gz copies), the public
// pages rendered on the server, and the admin's pages for /admin and /admin/* (a screen drawn with the
// admin's data where its request carries the session: features/pages/admin-drawn-page.ts). Unknown
// /api paths answer a JSON 404 and unknown pages the rendered 404 page; any known path asked with a
// method it does not serve answers 405 (allowed-methods.ts).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SCREEN_PAGES } from '#shared/admin-prerendered.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { registerCrawlerRoutes } from '../features/pages/routes.ts';
import type { PageRenderer } from '../features/pages/page-renderer.ts';
import { createAdminDrawnPages } from '../features/pages/admin-drawn-page.ts';
import type { AnswerHeaders } from '../lib/cached-answer.ts';
import { compressOnce, pickEncoding } from '../lib/compressed-body.ts';
import { answerUnservedMethods, type AllowedMethods } from './allowed-methods.ts';
import { replyCached } from './public-fast-lane.ts';

export const ADMIN_SHELL = 'admin.html';
/** The site's icons and web manifest, as the build copies them from public/. */
const SITE_ICONS =
  /^(favicon\.(svg|ico)|apple-touch-icon\.png|icon-\d+\.png|manifest\.webmanifest)(\.br|\.gz)?$/;
const ASSETS_FOLDER = 'assets';

/**
 * GET and HEAD /assets/<name> for the files the build put there, read once at start as the
 * per-file routes were: any other name is the not-found answer, as a path no route served was.
 * Other methods answer 405 (GET, HEAD) on any name here, as on /uploads/<name>.
 */
function registerAssetsRoute(app: FastifyInstance, webRoot: string): void {
  const folder = path.join(webRoot, ASSETS_FOLDER);
  const files = fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }) : [];
  // As @fastify/static lists a folder: plain files, no dotfiles.
  const names = new Set(
    files.filter((file) => file.isFile() && !file.name.startsWith('.')).map((file) => file.name),
  );
  app.route<{ Params: { name: string } }>({
    method: ['HEAD', 'GET'],
    url: `/${ASSETS_FOLDER}/:name`,
    schema: { hide: true },
    handler: (request, reply) =>
      names.has(request.params.name)
        ? reply.sendFile(`${ASSETS_FOLDER}/${request.params.name}`)
        : reply.callNotFound(),
    // As @fastify/static's own routes: a client gone mid-file is no server error.
    errorHandler: (error, request, reply) => {
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return request.raw.destroy();
      return app.errorHandler(error, request, reply);
    },
  });
}

/** The admin's renderer in the SSR build (vite.config.ts). */
const ADMIN_RENDERER = 'admin-screens.js';

/** A page drawn for one admin: compressed for this answer only, and kept by nobody. */
async function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, page: string) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = await compressOnce(Buffer.from(page), encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  pages: {
    renderer: PageRenderer | undefined;
    publicUrl: string;
    pageHeaders: AnswerHeaders;
    allowedMethods: AllowedMethods;
  },
): Promise<void> {
  const hasBuild = fs.existsSync(path.join(webRoot, ADMIN_SHELL));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route per file would be one per hashed asset and per .br and .gz copy, near 300 since the
      // islands and the admin's per-screen chunks: each a handler context, router nodes and entries in
      // the route lists, about 4 MiB of an idle server (docs/decisions/0480). The top-level files keep
      // a route each; the assets share one, and the admin's screen pages are answered at their screens'
      // paths below.
      globIgnore: [`${ASSETS_FOLDER}/**`, `${ADMIN_SCREEN_PAGES}/**`],
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so those never change.
        if (filePath.includes(`${path.sep}${ASSETS_FOLDER}${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // The icons and the manifest keep their names: kept a day, not asked again by every page
        // (Chrome asked for the icon twice before the hero painted, decision 0493).
        else if (SITE_ICONS.test(path.basename(filePath)))
          res.header('cache-control', 'public, max-age=86400');
        else res.header('cache-control', 'no-cache');
      },
    });
    registerAssetsRoute(app, webRoot);
    // The admin client routes on the browser side. A screen's path gets the page the build wrote for
    // it (decision 0478: its scripts asked for at once, the sign-in form written in); any other
    // /admin path the bare shell, where the client finds its way.
    const screenPages = new Set(
      fs.existsSync(path.join(webRoot, ADMIN_SCREEN_PAGES))
        ? fs.readdirSync(path.join(webRoot, ADMIN_SCREEN_PAGES))
        : [],
    );
    // For an admin whose page request carries the session, the dashboard and the bookings screen are
    // drawn here with their data (decision 0491).
    const drawnPages = createAdminDrawnPages(app, webRoot, path.join(webRoot, '..', 'ssr', ADMIN_RENDERER));
    const adminPage = { config: { public: true, securityHeaders: 'adminPage' as const } };
    app.get<{ Params: { screen: string } }>('/admin/:screen', adminPage, async (request, reply) => {
      const drawn = await drawnPages?.page(request, request.params.screen);
      if (drawn !== undefined && drawn !== null) return sendDrawnPage(request, reply, drawn);
      const page = `${request.params.screen}.html`;
      return reply.sendFile(screenPages.has(page) ? `${ADMIN_SCREEN_PAGES}/${page}` : ADMIN_SHELL);
    });
    for (const url of ['/admin', '/admin/*'])
      app.get(url, adminPage, (_request, reply) => reply.sendFile(ADMIN_SHELL));
  }
  const { renderer } = pages;
  if (renderer) registerCrawlerRoutes(app, pages.publicUrl);

  // Known paths asked with another method answer 405 before the not-found handler is reached.
  answerUnservedMethods(app, pages.allowedMethods);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !request.url.startsWith('/uploads/');
    if (isPage && renderer)
      return replyCached(request, reply, await renderer.page('/404'), pages.pageHeaders);
    return reply.code(404).send({
      detail: `No such ${isPage ? 'page' : 'endpoint'}: ${request.method} ${path}`,
      code: ERROR_CODES.notFound,
    });
  });
}
