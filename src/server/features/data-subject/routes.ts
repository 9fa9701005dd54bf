import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataSubjectErasure, dataSubjectQuery, dataSubjectRecords } from '#shared/schemas/data-subject.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { DataSubjectService } from './service.ts';

const PATH = '/api/admin/data-subject';

export function registerDataSubjectRoutes(app: FastifyInstance, dataSubject: DataSubjectService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PATH,
    {
      config: { role: 'superadmin' },
      schema: { querystring: dataSubjectQuery, response: { 200: dataSubjectRecords } },
    },
    async (request) => {
      requireSuperadmin(request);
      return dataSubject.find(request.query.email);
    },
  );

  api.delete(
    PATH,
    {
      // The service writes an entry with what was erased (the generic one would not say).
      config: { audit: false, role: 'superadmin' },
      schema: { querystring: dataSubjectQuery, response: { 200: dataSubjectErasure } },
    },
    async (request) => {
      const admin = requireSuperadmin(request);
      return {
        success: true as const,
        deleted: await dataSubject.erase(request.query.email, { admin, ip: request.ip }),
      };
    },
  );
}
