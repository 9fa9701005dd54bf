// The weekly report by e-mail (issue 17, docs/decisions/0422): sent on Monday mornings to each admin
// who asked for it — once, however many instances run the job (a claim row per week and admin) —
// and as a preview on request.
import { MAIL_TEST_LIMIT } from '#shared/constants.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import type { WeeklyReportPreview } from '#shared/schemas/weekly-report.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createWindowLimiter, retryAfterSeconds, type WindowLimiter } from '../../lib/window-limiter.ts';
import { explainMailFailure, type MailRoute } from '../../mail/failures.ts';
import type { Mailer, MailReceipt } from '../../mail/mailer.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { weeklyReportMail } from './mail.ts';
import { buildWeeklyReport, type ReportSources } from './report.ts';
import {
  claimSend,
  recipientsStillOwed,
  recordSendOutcome,
  setWeeklyReportWanted,
  weeklyReportWanted,
  type ReportRecipient,
} from './repository.ts';
import { reportWeekDue } from './schedule.ts';

export interface WeeklyReportDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Where mail goes now, to explain a failure in the owner's words. */
  mailRoute: () => Promise<MailRoute>;
  publicUrl: string;
  sources: ReportSources;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const linksFor = (publicUrl: string) => ({
  admin: `${publicUrl}/admin`,
  settings: `${publicUrl}/admin/settings#settings-weekly-report`,
});

async function reportMailFor(deps: WeeklyReportDeps, admin: ReportRecipient, preview: boolean) {
  const report = await buildWeeklyReport(deps.sources, admin);
  return weeklyReportMail(report, admin.email, linksFor(deps.publicUrl), { preview });
}

/**
 * The periodic job: when a week's report is due, sends it to every admin who wants it and has not
 * been sent it. A failed send is recorded and logged, not retried (next Monday brings a new one).
 */
export async function sendDueWeeklyReports(
  deps: WeeklyReportDeps,
): Promise<{ sent: number; failed: number }> {
  const week = reportWeekDue(deps.clock.now());
  if (!week) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  for (const admin of await recipientsStillOwed(deps.db, week)) {
    if (!(await claimSend(deps.db, week, admin.id, deps.clock.now()))) continue;
    try {
      await deps.mailer.send(await reportMailFor(deps, admin, false));
      await recordSendOutcome(deps.db, week, admin.id, { sentAt: deps.clock.now() });
      sent += 1;
    } catch (error) {
      const failure = explainMailFailure(error, await deps.mailRoute()).sentence;
      await recordSendOutcome(deps.db, week, admin.id, { failure });
      deps.log.warn({ week, adminId: admin.id, reason: failure }, 'weekly report could not be sent');
      failed += 1;
    }
  }
  return { sent, failed };
}

/** Sends the report as it would go out now to the signed-in admin, and says what happened. */
async function sendPreview(
  deps: WeeklyReportDeps,
  limiter: WindowLimiter,
  admin: ReportRecipient,
): Promise<WeeklyReportPreview> {
  const wait = limiter.hit(String(admin.id));
  if (wait > 0)
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      `You have asked for ${MAIL_TEST_LIMIT.perMinute} previews in the last minute. Please wait a minute and try again.`,
      { 'retry-after': retryAfterSeconds(wait) },
    );
  const mail = await reportMailFor(deps, admin, true);
  let receipt: MailReceipt | undefined;
  try {
    receipt = await deps.mailer.send(mail);
  } catch (error) {
    // Said like the test e-mail's failure: the call worked, the mail server did not (decision 0464).
    const { kind, sentence } = explainMailFailure(error, await deps.mailRoute());
    return {
      success: true,
      sent_to: admin.email,
      outcome: 'failed',
      failure: kind,
      detail: `The preview was not sent to ${admin.email}. ${sentence}`,
    };
  }
  // What the transport did with this message, not what the settings say now.
  const saved = receipt ? receipt.transport === 'outbox' : (await deps.mailRoute()).transport === 'outbox';
  return saved
    ? {
        success: true,
        sent_to: admin.email,
        outcome: 'saved',
        failure: null,
        detail: `${NOT_DELIVERED}. It was saved as a file on the server, and nobody receives it until a mail server is set up in Settings › Mail.`,
      }
    : {
        success: true,
        sent_to: admin.email,
        outcome: 'sent',
        failure: null,
        detail: `Sent to ${admin.email}. If it has not arrived in a few minutes, look in the spam or junk folder.`,
      };
}

export function createWeeklyReportService(deps: WeeklyReportDeps) {
  const previews = createWindowLimiter(deps.clock, { max: MAIL_TEST_LIMIT.perMinute, windowMs: 60_000 });
  return {
    wanted: (adminId: number) => weeklyReportWanted(deps.db, adminId),
    setWanted: (adminId: number, wanted: boolean) => setWeeklyReportWanted(deps.db, adminId, wanted),
    sendDue: () => sendDueWeeklyReports(deps),
    preview: (admin: ReportRecipient) => sendPreview(deps, previews, admin),
  };
}

export type WeeklyReportService = ReturnType<typeof createWeeklyReportService>;
