import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trashListResponse, trashRestoreRequest, trashRestoreResponse } from '#shared/schemas/trash.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import { RESTORE_ROUTE, type TrashService } from './service.ts';

/** Recently deleted: any admin may see and restore what any admin deleted (as they may delete it). */
export function registerTrashRoutes(app: FastifyInstance, trash: TrashService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/trash', { schema: { response: { 200: trashListResponse } } }, async () => ({
    success: true as const,
    items: await trash.list(),
  }));

  api.post(
    RESTORE_ROUTE,
    {
      schema: { body: trashRestoreRequest, response: { 200: trashRestoreResponse } },
      config: {
        // The service writes the entry, naming what was restored (the generic one would not say).
        audit: false,
        answers: {
          404: 'An item asked for is not in Recently deleted (nothing is restored then)',
          409: "An event's day has been taken since it was deleted (nothing is restored then)",
        },
      },
    },
    async (request) => ({
      success: true as const,
      restored: await trash.restore(request.body, { admin: requireAdmin(request), ip: request.ip }),
    }),
  );
}
