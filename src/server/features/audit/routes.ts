import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '#shared/schemas/audit.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { AuditService } from './service.ts';
import type { AuditTargetLookup } from './targets.ts';

export function registerAuditRoutes(
  app: FastifyInstance,
  audit: AuditService,
  targets: Pick<AuditTargetLookup, 'describe'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/audit',
    { config: { role: 'superadmin' }, schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request) => {
      requireSuperadmin(request);
      const page = await audit.list(request.query);
      // The screen links an entry to its item only while the item still exists, and names an enquiry
      // from the live one (never from the log, which holds no personal data).
      const now = await targets.describe(page.entries);
      const entries = page.entries.map((entry, i) => ({
        ...entry,
        target_exists: now[i]?.exists ?? null,
        target_label: now[i]?.label ?? null,
      }));
      return { success: true as const, entries, next_before: page.next_before };
    },
  );
}
