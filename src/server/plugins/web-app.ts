// Serves the built web client: hashed assets (with their precompressed .br/.gz copies), the public
// pages rendered on the server, and the admin client's shell for /admin and /admin/*. Unknown /api
// paths answer a JSON 404 and unknown pages the rendered 404 page; any known path asked with a method
// it does not serve answers 405 (allowed-methods.ts).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ADMIN_SCREEN_PAGES } from '#shared/admin-prerendered.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { registerCrawlerRoutes } from '../features/pages/routes.ts';
import type { PageRenderer } from '../features/pages/page-renderer.ts';
import type { AnswerHeaders } from '../lib/cached-answer.ts';
import { answerUnservedMethods, type AllowedMethods } from './allowed-methods.ts';
import { replyCached } from './public-fast-lane.ts';

export const ADMIN_SHELL = 'admin.html';

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
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    // The admin client routes on the browser side. A screen's path gets the page the build wrote for
    // it (decision 0478: its scripts asked for at once, the sign-in form written in); any other
    // /admin path the bare shell, where the client finds its way.
    const screenPages = new Set(
      fs.existsSync(path.join(webRoot, ADMIN_SCREEN_PAGES))
        ? fs.readdirSync(path.join(webRoot, ADMIN_SCREEN_PAGES))
        : [],
    );
    const adminPage = { config: { public: true, securityHeaders: 'adminPage' as const } };
    app.get<{ Params: { screen: string } }>('/admin/:screen', adminPage, (request, reply) => {
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
