import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailTestRequest, mailTestResult, setupStatus } from '#shared/schemas/setup.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import type { SetupService } from './service.ts';

export function registerSetupRoutes(app: FastifyInstance, setup: SetupService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/setup-status', { schema: { response: { 200: setupStatus } } }, async (request) =>
    setup.status(requireAdmin(request)),
  );

  // Audited by the audit trail like any admin write (every attempt answers 200, failed sends too:
  // the transport's refusal is the report asked for, not an error of this request).
  api.post(
    '/api/admin/mail/test',
    {
      config: {
        answers: {
          409: 'There is no address to send enquiry notices to yet',
          429: 'Too many test e-mails this minute or today: `Retry-After` says when to try again',
        },
      },
      schema: { body: mailTestRequest, response: { 200: mailTestResult } },
    },
    async (request) => setup.sendTest(requireAdmin(request), request.body.recipient),
  );
}
