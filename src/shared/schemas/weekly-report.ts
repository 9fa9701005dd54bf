// The weekly report by e-mail (issue 17): each admin's own choice, and the preview.
import { z } from 'zod';
import { MAIL_FAILURE_KINDS } from './setup.ts';

export const weeklyReportSetting = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
});
export type WeeklyReportSetting = z.infer<typeof weeklyReportSetting>;

export const weeklyReportSettingResponse = z.object({ success: z.literal(true), enabled: z.boolean() });

/**
 * What became of the preview. A mail server that cannot be reached or refuses it is an answer about
 * the mail server, not a failure of the call: 200 with `outcome: "failed"`, as the test e-mail answers
 * (issue 35, item 8; docs/decisions/0464).
 */
export const weeklyReportPreviewResponse = z.object({
  success: z.literal(true),
  /** The signed-in admin's own address: a preview never goes anywhere else (also when not sent). */
  sent_to: z.string(),
  /**
   * `sent`: a mail server took it; `saved`: written as a file nobody receives (no mail server yet);
   * `failed`: not sent (the mail server could not be reached or refused it).
   */
  outcome: z.enum(['sent', 'saved', 'failed']),
  /** Why it was not sent, as the test e-mail says it; null unless `outcome` is `failed`. */
  failure: z.enum(MAIL_FAILURE_KINDS).nullable(),
  /** What the mail transport did, in a sentence for the toast. */
  detail: z.string(),
});
export type WeeklyReportPreview = z.infer<typeof weeklyReportPreviewResponse>;
