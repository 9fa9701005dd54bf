// Serves the built web client (dist/web). Unknown /api paths answer a JSON 404; any other GET falls
// through to the client's index.html so client-side routes (/admin/…, /privacy-policy) load.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#shared/errors.ts';

export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (isPage && hasBuild && !request.url.startsWith('/uploads/')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({
      detail: `No such ${isPage ? 'page' : 'endpoint'}: ${request.method} ${request.url.split('?')[0]}`,
      code: ERROR_CODES.notFound,
    });
  });
}
