import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancellationPreview, cancellationPreviewQuery, cancelInput } from '#shared/schemas/booking-mail.ts';
import { bookingAnswer } from '#shared/schemas/bookings.ts';
import { idParams } from '#shared/schemas/common.ts';
import type { BookingsService } from './service.ts';

const REFUSED = { 409: 'Already completed or cancelled' };
/** The reason's schema refuses control characters (but line breaks) itself, with a 400 naming it. */
const CONFIG = { answers: REFUSED, refusesControlCharacters: true };

const WHO_IS_MAILED =
  'The customer is e-mailed only when they have heard of the booking: it is confirmed, they have an ' +
  'address, and a mail about it reached a mail server (docs/decisions/0475).';

/** Cancelling with the owner's reason, and the mail it will send, shown first (docs/decisions/0475). */
export function registerCancelRoutes(app: FastifyInstance, bookings: BookingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/bookings/:id/cancel',
    {
      config: CONFIG,
      schema: {
        description:
          'Cancels a provisional or confirmed booking. The body is optional: `reason`, what the owner ' +
          'tells the customer (at most 500 characters, line breaks allowed, no other control ' +
          `character), is kept with the booking and printed in the cancellation mail. ${WHO_IS_MAILED}`,
        params: idParams,
        // No body at all arrives as null: cancelling without a reason, as before.
        body: cancelInput.nullish(),
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      booking: await bookings.cancel(request.params.id, request.body?.reason),
    }),
  );

  api.get(
    '/api/admin/bookings/:id/cancellation-preview',
    {
      config: CONFIG,
      schema: {
        description: `The mail cancelling now would send, with \`reason\` in it; or why none would go. ${WHO_IS_MAILED}`,
        params: idParams,
        querystring: cancellationPreviewQuery,
        response: { 200: cancellationPreview },
      },
    },
    async (request) => bookings.cancellationPreview(request.params.id, request.query.reason),
  );
}
