import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailSettings, mailSettingsInput } from '#shared/schemas/mail-settings.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { MailSettingsService } from './service.ts';

const SUPERADMIN = { role: 'superadmin' } as const;
const SERVER_DECIDES = { 409: "SMTP_URL in the server's configuration sets the mail server" };

/** Settings › Mail (superadmin): the mail server, its password write-only. Audited by the trail. */
export function registerMailSettingsRoutes(app: FastifyInstance, settings: MailSettingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/mail/settings',
    { config: SUPERADMIN, schema: { response: { 200: mailSettings } } },
    async () => settings.view(),
  );

  api.put(
    '/api/admin/mail/settings',
    {
      config: { ...SUPERADMIN, answers: SERVER_DECIDES },
      schema: {
        description:
          'The port must be one mail servers use (25, 465, 587, 2525) or one the operator allows in ' +
          'MAIL_EXTRA_PORTS; another is a 400 naming `port` (docs/decisions/0462).',
        body: mailSettingsInput,
        response: { 200: mailSettings },
      },
    },
    async (request) => settings.save(request.body, requireSuperadmin(request).id),
  );

  api.delete(
    '/api/admin/mail/settings',
    { config: { ...SUPERADMIN, answers: SERVER_DECIDES }, schema: { response: { 200: mailSettings } } },
    async (request) => {
      requireSuperadmin(request);
      return settings.remove();
    },
  );
}
