import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fs from 'node:fs';
import { ERROR_CODES } from '#shared/errors.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { UPLOADS_URL_PREFIX, type UploadLimits, type UploadService } from './service.ts';
import { IMAGE_WIDTHS } from '#shared/constants.ts';
import { isUploadName } from '#shared/schemas/media-url.ts';
import { uploadResult } from '#shared/schemas/upload.ts';
import { VARIANTS_URL_PREFIX, type ImageVariants } from './variants.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// Generated names never change content, so browsers and proxies may keep them for a year. The
// sandbox CSP means that even a mislabelled file could never run script on our origin.
const SERVED_FILE_HEADERS = {
  'cache-control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
  'content-security-policy': "default-src 'none'; sandbox",
};

/** Whether an Accept header names AVIF (and does not refuse it with q=0), as browsers that show it do. */
function acceptsAvif(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return type === 'image/avif' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** What the upload takes: one file, an image or video the server recognises by its bytes. */
const uploadForm = z.object({
  file: z.string().meta({
    format: 'binary',
    description:
      'An image (JPEG, PNG, GIF, WebP, AVIF) or video (MP4, WebM); its type is read from its bytes',
  }),
});

const malformedUpload = () =>
  new HttpError(
    400,
    ERROR_CODES.badRequest,
    'The upload is incomplete or not valid multipart/form-data. Please try again.',
  );
/** Our HttpErrors and the parser's own errors say what to answer; other errors do not. */
const hasStatus = (error: unknown) =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  variants: ImageVariants,
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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/upload',
    {
      // The body is read here, not by Fastify, so the document is told what it is.
      config: { documentedBody: { contentType: 'multipart/form-data', schema: uploadForm } },
      schema: { response: { 201: uploadResult } },
    },
    async (request, reply) => {
      // The parser's own errors carry a status (too many files, not multipart); anything else it
      // throws (no boundary, garbage) means it could not read the body at all.
      const file = await request.file().catch((error: unknown) => {
        throw hasStatus(error) ? error : malformedUpload();
      });
      if (!file || file.fieldname !== 'file') throw badRequest('file: choose a file to upload');
      const stored = await uploads.store(file.file).catch((error: unknown) => {
        // The parser broke the file off (the body ended mid-part): the request's fault, not ours.
        // The service has removed what it had written by now.
        throw error === file.file.errored && !hasStatus(error) ? malformedUpload() : error;
      });
      request.log.info(
        { file_url: stored.fileUrl, bytes: stored.bytes, type: stored.type.mime },
        'file uploaded',
      );
      return reply.code(201).send({ success: true as const, file_url: stored.fileUrl });
    },
  );

  registerVariantRoute(app, variants);

  // Only names the store makes are looked up: anything else (too long for the file system, hidden,
  // encoded, a folder) is a plain 404, never the static server's 403 or a disk access.
  await app.register(async (files) => {
    files.addHook('onRequest', async (request) => {
      const name = request.url.slice(UPLOADS_URL_PREFIX.length).split('?')[0]!;
      if (!isUploadName(name)) throw notFound('No such file');
    });
    await files.register(fastifyStatic, {
      root: options.uploadDir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      dotfiles: 'deny',
      index: false,
      cacheControl: false,
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(SERVED_FILE_HEADERS)) res.header(name, value);
      },
    });
  });
}

// /uploads/w/640/<name>: the image at most 640 px wide, for srcset on phones: AVIF for a browser
// that says it takes it (once that copy is made), WebP otherwise; one URL, told apart by Accept.
function registerVariantRoute(app: FastifyInstance, variants: ImageVariants): void {
  app.get<{ Params: { width: string; name: string } }>(
    `${VARIANTS_URL_PREFIX}:width/:name`,
    { config: { answerTypes: { 200: ['image/avif', 'image/webp'] } } },
    async (request, reply) => {
      // Only the plain spelling of a width ("640", not "0640" or "0x280"): one URL per picture.
      const width = IMAGE_WIDTHS.find((candidate) => String(candidate) === request.params.width);
      const copy =
        width === undefined
          ? undefined
          : await variants.variant(request.params.name, width, acceptsAvif(request.headers.accept));
      if (!copy) throw notFound(`No such image size; widths are ${IMAGE_WIDTHS.join(', ')}`);
      const { size } = await fs.promises.stat(copy.file);
      return reply
        .headers({
          ...SERVED_FILE_HEADERS,
          'content-type': `image/${copy.format}`,
          'content-length': size,
          vary: 'Accept',
        })
        .send(fs.createReadStream(copy.file));
    },
  );
}
