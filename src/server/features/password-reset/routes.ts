import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse, passwordResetConfirm, passwordResetRequest } from '#shared/schemas/accounts.ts';
import type { PasswordResetService } from './service.ts';

export function registerPasswordResetRoutes(app: FastifyInstance, reset: PasswordResetService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/password-reset/request',
    { config: { public: true }, schema: { body: passwordResetRequest, response: { 200: messageResponse } } },
    async (request) => ({
      success: true as const,
      message: await reset.request(request.body.email, request.ip),
    }),
  );

  api.post(
    '/api/admin/password-reset/confirm',
    { config: { public: true }, schema: { body: passwordResetConfirm, response: { 200: messageResponse } } },
    async (request) => {
      await reset.confirm(request.body.token, request.body.new_password, request.ip);
      return {
        success: true as const,
        message: 'Your password has been reset. Please log in with your new password.',
      };
    },
  );
}
