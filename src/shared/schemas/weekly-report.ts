// The weekly report by e-mail (issue 17): each admin's own choice, and the preview.
import { z } from 'zod';

export const weeklyReportSetting = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
});
export type WeeklyReportSetting = z.infer<typeof weeklyReportSetting>;

export const weeklyReportSettingResponse = z.object({ success: z.literal(true), enabled: z.boolean() });

export const weeklyReportPreviewResponse = z.object({
  success: z.literal(true),
  /** The signed-in admin's own address: a preview never goes anywhere else. */
  sent_to: z.string(),
  /** `sent`: a mail server took it; `saved`: written as a file nobody receives (no mail server yet). */
  outcome: z.enum(['sent', 'saved']),
  /** What the mail transport did, in a sentence for the toast. */
  detail: z.string(),
});
export type WeeklyReportPreview = z.infer<typeof weeklyReportPreviewResponse>;
