import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUser, createAdminRequest, loginRequest, loginResponse } from '#shared/schemas/accounts.ts';
import { idParams, successResponse } from '#shared/schemas/common.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import type { AccountsService } from './service.ts';

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/login',
    { config: { public: true }, schema: { body: loginRequest, response: { 200: loginResponse } } },
    async (request) => accounts.login(request.body.email, request.body.password),
  );

  api.post('/api/admin/logout', { schema: { response: { 200: successResponse } } }, async (request) => {
    await accounts.logout(requireAdmin(request).sessionId);
    return { success: true as const };
  });

  api.get('/api/admin/me', { schema: { response: { 200: adminUser } } }, async (request) =>
    accounts.me(requireAdmin(request).id),
  );

  api.get(
    '/api/admin/users',
    { schema: { response: { 200: z.object({ success: z.literal(true), admins: z.array(adminUser) }) } } },
    async () => ({ success: true as const, admins: await accounts.list() }),
  );

  api.post(
    '/api/admin/users',
    {
      schema: {
        body: createAdminRequest,
        response: { 201: z.object({ success: z.literal(true), admin: adminUser }) },
      },
    },
    async (request, reply) => {
      const admin = await accounts.create(requireAdmin(request), request.body, { forcePasswordChange: true });
      return reply.code(201).send({ success: true as const, admin });
    },
  );

  api.delete(
    '/api/admin/users/:id',
    { schema: { params: idParams, response: { 200: successResponse } } },
    async (request) => {
      await accounts.remove(requireAdmin(request), request.params.id);
      return { success: true as const };
    },
  );
}
