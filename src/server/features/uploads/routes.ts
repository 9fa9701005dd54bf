import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-error.ts';
import { UPLOADS_URL_PREFIX, type UploadLimits, type UploadService } from './service.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  options: UploadLimits & { uploadDir: string },
): Promise<void> {
  await app.register(multipart, {
    // The service enforces the per-kind caps while streaming; this is only the outer bound.
    limits: {
      fileSize: Math.max(options.maxImageBytes, options.maxVideoBytes) + 1,
      files: 1,
      fields: 5,
      fieldSize: 1024,
    },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/admin/upload',
      { schema: { response: { 201: z.object({ success: z.literal(true), file_url: z.string() }) } } },
      async (request, reply) => {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') throw badRequest('file: choose a file to upload');
        const stored = await uploads.store(file.file);
        request.log.info(
          { file_url: stored.fileUrl, bytes: stored.bytes, type: stored.type.mime },
          'file uploaded',
        );
        return reply.code(201).send({ success: true as const, file_url: stored.fileUrl });
      },
    );

  // Generated names never change content, so browsers and proxies may keep them for a year. The
  // sandbox CSP means that even a mislabelled file could never run script on our origin.
  await app.register(fastifyStatic, {
    root: options.uploadDir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
