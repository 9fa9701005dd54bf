import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { savedMailSent, savedMailStatus } from '#shared/schemas/saved-mail.ts';
import type { OutboxService } from './service.ts';

/** The dashboard's "messages saved while no mail server was set" and its Send action (decision 0475). */
export function registerOutboxRoutes(app: FastifyInstance, outbox: OutboxService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/saved-mail',
    {
      schema: {
        description:
          'How many messages written to the outbox while no mail server was set are still worth sending: ' +
          "enquiry notices, acknowledgements of enquiries still new, and each booking's newest mail while " +
          'it still applies.',
        response: { 200: savedMailStatus },
      },
    },
    async () => outbox.status(),
  );

  api.post(
    '/api/admin/saved-mail/send',
    {
      config: { answers: { 409: 'No mail server is set (Settings › Mail)' } },
      schema: {
        description:
          'Sends the saved messages through the mail server now set. Each goes at most once, however ' +
          'many calls or instances run at the same moment; one that fails stays offered.',
        response: { 200: savedMailSent },
      },
    },
    async () => outbox.sendAll(),
  );
}
