// What the owner says when cancelling a booking, and the mail the customer will receive for it
// (issue 36, item 5; docs/decisions/0475): POST /api/admin/bookings/{id}/cancel takes an optional
// reason, GET /api/admin/bookings/{id}/cancellation-preview shows the mail it makes.
import { z } from 'zod';
import { controlRanges } from '../control-characters.ts';
import { successResponse } from './common.ts';

export const CANCEL_REASON_MAX = 500;

// Every control character but the line feed: a reason may have lines, never a CR, NUL or escape.
const WITHOUT_CONTROL_BUT_NEWLINE = new RegExp(`^[^${controlRanges('\n')}]*$`);

/** The reason as typed: refused (never cleaned) when it carries a control character or is too long. */
export const cancelReason = z
  .string({ error: 'must be text' })
  .max(CANCEL_REASON_MAX, `must be at most ${CANCEL_REASON_MAX} characters`)
  .regex(WITHOUT_CONTROL_BUT_NEWLINE, 'must not contain control characters (line breaks are fine)')
  .transform((reason) => reason.trim());

/** The cancel call's body; no body, or no reason, cancels without one. */
export const cancelInput = z.object({ reason: cancelReason.optional() });
export type CancelInput = z.infer<typeof cancelInput>;

export const cancellationPreviewQuery = z.object({ reason: cancelReason.optional() });

/** Why the customer is not e-mailed about the cancellation. */
export const NOT_MAILED = ['provisional', 'not_told', 'no_address'] as const;
export type NotMailed = (typeof NOT_MAILED)[number];

export const cancellationPreview = successResponse.extend({
  /** Whether cancelling now e-mails the customer. */
  mailed: z.boolean(),
  /**
   * Why not, when not: `provisional` (a hold was never confirmed to them), `not_told` (the
   * confirmation never reached them), `no_address` (no e-mail address for them).
   */
  not_mailed: z.enum(NOT_MAILED).nullable(),
  /** The mail as it would go: recipient, subject and plain text; null when none goes. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string().nullable(),
});
export type CancellationPreview = z.infer<typeof cancellationPreview>;
