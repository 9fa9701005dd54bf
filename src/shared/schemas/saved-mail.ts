// Mail written to the outbox while no mail server was set, offered for sending once one is (issue
// 36, item 5; docs/decisions/0475): GET /api/admin/saved-mail says how many wait, POST
// /api/admin/saved-mail/send sends them, each at most once.
import { z } from 'zod';
import { successResponse } from './common.ts';

export const savedMailCounts = z.object({
  /** Enquiry notices to the business. */
  notices: z.number(),
  /** Acknowledgements to visitors whose enquiry is still new. */
  acknowledgements: z.number(),
  /** Booking customers' mail: the newest of each booking, while it still applies. */
  booking_mails: z.number(),
});

export const savedMailStatus = successResponse.extend({
  /** All that wait, the sum of the three below. */
  waiting: z.number(),
  ...savedMailCounts.shape,
  /** Whether a mail server is set now: only then can they be sent. */
  mail_server: z.boolean(),
});
export type SavedMailStatus = z.infer<typeof savedMailStatus>;

export const savedMailSent = successResponse.extend({
  /** Taken by the mail server now. */
  sent: z.number(),
  /** Refused or not reached: still offered (booking mail is also retried by itself). */
  failed: z.number(),
  /** Still waiting after this call (those failed, and any another call is sending). */
  waiting: z.number(),
});
export type SavedMailSent = z.infer<typeof savedMailSent>;
