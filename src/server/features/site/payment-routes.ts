import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentSettings, paymentSettingsInput } from '#shared/schemas/payments.ts';
import { requireSuperadmin } from '../../plugins/auth-guard.ts';
import type { PaymentSettingsService } from './payments.ts';

const SUPERADMIN = { role: 'superadmin' } as const;

/**
 * Settings › Payments (superadmin, docs/decisions/0475): bank details are what a fraudster would
 * change, so only a superadmin sees or changes them, and the audit trail records each save.
 */
export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentSettingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/payments',
    { config: SUPERADMIN, schema: { response: { 200: paymentSettings } } },
    async (request) => {
      requireSuperadmin(request);
      return payments.get();
    },
  );

  api.put(
    '/api/admin/payments',
    {
      // Each field's schema refuses control characters itself: a NUL in a bank name is refused, not hidden.
      config: { ...SUPERADMIN, refusesControlCharacters: true },
      schema: {
        description:
          'All the settings at once. Bank details are the account name, sort code (6 digits) and ' +
          'account number (8 digits) together, or none of them: one without the others is a 400 naming ' +
          'the missing field. The payment link is an https:// address without spaces or line breaks.',
        body: paymentSettingsInput,
        response: { 200: paymentSettings },
      },
    },
    async (request) => payments.save(request.body, requireSuperadmin(request).id),
  );
}
