import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, successResponse } from '#shared/schemas/common.ts';
import { CONTENT_KIND_NAMES, CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { encodedBytes, encodingHeaders, pickEncoding } from '../../lib/compressed-body.ts';
import type { ContentService } from './service.ts';

export const PUBLIC_LIST_HEADERS = {
  'cache-control': 'no-cache',
  'content-type': 'application/json; charset=utf-8',
};

const changesBody = z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object' });

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of CONTENT_KIND_NAMES) registerKind(kind);

  function registerKind(kind: ContentKind) {
    const { input, item } = CONTENT_KINDS[kind];

    // Public: served from the short-lived cache as ready JSON, with an ETag for cheap revalidation
    // (while the cache is warm, plugins/public-fast-lane.ts answers before this route is reached).
    api.get(`/api/cms/${kind}`, async (request, reply) => {
      const list = await content.publicList(kind);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.headers({ ...PUBLIC_LIST_HEADERS, ...encodingHeaders(list, encoding) });
      if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
      return reply.send(encodedBytes(list, encoding));
    });

    api.get(`/api/admin/${kind}`, { schema: { response: { 200: z.array(item) } } }, async () =>
      content.adminList(kind),
    );

    api.post(
      `/api/admin/${kind}`,
      { schema: { body: input, response: { 201: item } } },
      async (request, reply) =>
        reply.code(201).send(await content.create(kind, request.body as Record<string, unknown>)),
    );

    api.put(
      `/api/admin/${kind}/:id`,
      { schema: { params: idParams, body: changesBody, response: { 200: item } } },
      async (request) => content.update(kind, request.params.id, request.body),
    );

    api.delete(
      `/api/admin/${kind}/:id`,
      { schema: { params: idParams, response: { 200: successResponse } } },
      async (request) => {
        await content.remove(kind, request.params.id);
        return { success: true as const };
      },
    );
  }
}
