import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponse,
  passwordResetConfirm,
  passwordResetRequest,
  passwordResetRequested,
} from '#shared/schemas/accounts.ts';
import type { PasswordResetService } from './service.ts';

// Like the page of the e-mailed link (whose address holds the token), the reset flow's calls answer
// with `Referrer-Policy: no-referrer`: nothing in this flow passes an address on.
const RESET_ROUTE = {
  public: true,
  securityHeaders: 'apiNoReferrer',
  answers: { 429: 'Too many attempts: `Retry-After` says when to try again' },
} as const;

export function registerPasswordResetRoutes(app: FastifyInstance, reset: PasswordResetService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/password-reset/request',
    {
      config: RESET_ROUTE,
      schema: { body: passwordResetRequest, response: { 200: passwordResetRequested } },
    },
    async (request) => ({
      success: true as const,
      message: await reset.request(request.body.email, request.ip),
      mail_delivery: await reset.mailDelivery(),
    }),
  );

  api.post(
    '/api/admin/password-reset/confirm',
    {
      config: RESET_ROUTE,
      schema: {
        description: 'A 400 when the token is not one the site e-mailed, was used, or is over an hour old.',
        body: passwordResetConfirm,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await reset.confirm(request.body.token, request.body.new_password, request.ip);
      return {
        success: true as const,
        message: 'Your password has been reset. Please log in with your new password.',
      };
    },
  );
}
