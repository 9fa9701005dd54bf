import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '#shared/schemas/audit.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { AuditService } from './service.ts';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/audit',
    { config: { role: 'superadmin' }, schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => {
      requireSuperadmin(request);
      return { success: true as const, ...(await audit.list(request.query)) };
    },
  );
}
