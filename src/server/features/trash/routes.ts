import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trashListResponse, trashRestoreRequest, trashRestoreResponse } from '#shared/schemas/trash.ts';
import type { TrashService } from './service.ts';

/** Recently deleted: any admin may see and restore what any admin deleted (as they may delete it). */
export function registerTrashRoutes(app: FastifyInstance, trash: TrashService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/trash', { schema: { response: { 200: trashListResponse } } }, async () => ({
    success: true as const,
    items: await trash.list(),
  }));

  api.post(
    '/api/admin/trash/restore',
    {
      schema: { body: trashRestoreRequest, response: { 200: trashRestoreResponse } },
      config: { answers: { 404: 'An item asked for is not in Recently deleted (nothing is restored then)' } },
    },
    async (request) => ({ success: true as const, restored: await trash.restore(request.body) }),
  );
}
