import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesOf, idParams, successResponse } from '#shared/schemas/common.ts';
import { CONTENT_KIND_NAMES, CONTENT_KINDS, type ContentKind } from '#shared/schemas/content.ts';
import { encodingHeaders } from '../../lib/compressed-body.ts';
import type { CachedRoute } from '../../plugins/public-fast-lane.ts';
import type { ContentService } from './service.ts';

export const PUBLIC_LIST_HEADERS = {
  'cache-control': 'no-cache',
  'content-type': 'application/json; charset=utf-8',
};

/**
 * The public lists: served from the short-lived cache as ready JSON, with an ETag for cheap
 * revalidation; registered by plugins/public-fast-lane.ts, which answers them before Fastify while
 * the cache is warm.
 */
export function publicListRoutes(content: ContentService): CachedRoute[] {
  return CONTENT_KIND_NAMES.map((kind) => ({
    path: `/api/cms/${kind}`,
    type: 'application/json',
    securityHeaders: 'api',
    peek: () => content.cachedPublicList(kind),
    load: () => content.publicList(kind),
    headers: (list, encoding) => ({ ...PUBLIC_LIST_HEADERS, ...encodingHeaders(list, encoding) }),
  }));
}

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of CONTENT_KIND_NAMES) registerKind(kind);

  function registerKind(kind: ContentKind) {
    const { input, item } = CONTENT_KINDS[kind];
    // A PUT names the fields it changes, each checked as on create; the merged item is then checked
    // whole (content/service.ts), which is where the order of show_from and hide_after is judged.
    const changes = changesOf(input as z.ZodObject);

    api.get(`/api/admin/${kind}`, { schema: { response: { 200: z.array(item) } } }, async () =>
      content.adminList(kind),
    );

    // An event takes its day on the one calendar (docs/decisions/0468): a day already taken is a 409.
    const dayTaken =
      kind === 'events'
        ? {
            config: {
              answers: {
                409: 'The event needs the crew and its day is taken by a confirmed booking or another such event',
              },
            },
          }
        : {};

    api.post(
      `/api/admin/${kind}`,
      { ...dayTaken, schema: { body: input, response: { 201: item } } },
      async (request, reply) =>
        reply.code(201).send(await content.create(kind, request.body as Record<string, unknown>)),
    );

    api.put(
      `/api/admin/${kind}/:id`,
      { ...dayTaken, schema: { params: idParams, body: changes, response: { 200: item } } },
      async (request) => content.update(kind, request.params.id, request.body as Record<string, unknown>),
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
