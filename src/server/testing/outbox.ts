// The mails a test's server saved as files (no mail server set), read back as a reader sees them.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { AdminSession, TestContext } from './harness.ts';
import { decodeQuotedPrintable } from './smtp-test-server.ts';

/** Every mail in the outbox folder, decoded, in the order of their file names. */
export const outboxMails = (dir: string) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'utf8')))
    : [];

/**
 * Asks for the weekly report's preview as `admin`; returns the answer and the mails it saved for them
 * (an enquiry's acknowledgement, sent in the background, may land in the outbox at the same moment).
 */
export async function previewWeeklyReport(
  ctx: TestContext,
  admin: AdminSession,
): Promise<{ preview: LightMyRequestResponse; saved: string[] }> {
  const before = outboxMails(ctx.config.outboxDir).length;
  const preview = await ctx.request({
    method: 'POST',
    url: '/api/admin/weekly-report/preview',
    token: admin.token,
  });
  const forAdmin = (mail: string) => mail.split(/\r?\n/).includes(`To: ${admin.email}`);
  return { preview, saved: outboxMails(ctx.config.outboxDir).slice(before).filter(forAdmin) };
}
