// POST /api/admin/users answers, beside the new account, what happened to its invitation e-mail
// (issue 28 item 9): sent through the mail server, saved as a file nobody receives, or failed.
import { z } from 'zod';
import { adminUser } from './accounts.ts';

export const invitationResult = z.object({
  outcome: z.enum(['sent', 'saved', 'failed']),
  /** What happened, in the owner's words: the sentence the Admin Users screen shows. */
  message: z.string(),
});
export type InvitationResult = z.infer<typeof invitationResult>;

export const adminCreated = z.object({
  success: z.literal(true),
  admin: adminUser,
  invitation: invitationResult,
});
