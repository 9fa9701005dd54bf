import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettings, siteSettingsUpdate } from '#shared/schemas/site.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { SiteService } from './service.ts';

export function registerSiteRoutes(app: FastifyInstance, site: SiteService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/site', { schema: { response: { 200: siteSettings } } }, async () => site.get());

  api.put(
    '/api/admin/site',
    { config: { role: 'superadmin' }, schema: { body: siteSettingsUpdate, response: { 200: siteSettings } } },
    async (request) => site.update(request.body, requireSuperadmin(request).id),
  );
}
