// "Can the site really reach people?" (issue 15, docs/decisions/0411): the facts behind the
// dashboard's setup card, and the test e-mail that reports what the mail transport really answered.
import { BUSINESS_NAME, MAIL_TEST_LIMIT } from '#shared/constants.ts';
import { stripControlCharacters } from '#shared/control-characters.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import type { MailTestRecipient, MailTestResult, SetupProblem, SetupStatus } from '#shared/schemas/setup.ts';
import type { CurrentAdmin } from '#shared/schemas/accounts.ts';
import type { SiteSettings, SiteSettingsField } from '#shared/schemas/site.ts';
import { bindDeps } from '../../lib/bind-deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { createWindowLimiter, retryAfterSeconds } from '../../lib/window-limiter.ts';
import { composeMail } from '../../mail/compose.ts';
import { explainMailFailure, type MailRoute } from '../../mail/failures.ts';
import type { Mailer, MailReceipt } from '../../mail/mailer.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Who is asking: the signed-in admin (auth guard). */
export interface SetupAdmin {
  id: number;
  username: string;
  email: string;
  role: 'admin' | 'superadmin';
}

export interface SetupDeps {
  mailer: Mailer;
  /** Where mail goes now: SMTP_URL, the server saved in Settings › Mail, or the outbox. */
  mailRoute: () => Promise<MailRoute>;
  /** A 400 naming the port when the saved mail server's port is not one this server allows. */
  checkMailPort: () => Promise<void>;
  clock: Clock;
  publicUrl: string;
  site: {
    get(): Promise<SiteSettings>;
    placeholderFields(): Promise<SiteSettingsField[]>;
  };
  /** The enquiries service's view of the mail still owed (features talk through services). */
  enquiries: {
    notificationStatus(): Promise<{
      pending: number;
      waitingForAddress: number;
      visitorsWaiting: number;
      failing: number;
      lastFailure: string | null;
    }>;
    notificationAddress(): Promise<{ address: string; source: 'server' | 'business_details' } | null>;
  };
  accounts: { me(adminId: number): Promise<CurrentAdmin> };
}

const londonTime = (epochMs: number) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(epochMs);

const transportFacts = (route: MailRoute) => ({
  transport: route.transport,
  source: route.transport === 'smtp' ? route.source : null,
  smtp_host: route.transport === 'smtp' ? route.host : null,
  outbox_folder: route.transport === 'outbox' ? route.folder : null,
});

/** Test e-mails per admin, per minute and per day (in memory, per instance). */
interface TestMailLimits {
  perMinute: ReturnType<typeof createWindowLimiter>;
  perDay: ReturnType<typeof createWindowLimiter>;
}

type SetupServiceDeps = SetupDeps & { testLimits: TestMailLimits };

function admitTest({ perMinute, perDay }: TestMailLimits, adminId: number): void {
  const key = String(adminId);
  const minuteWait = perMinute.hit(key);
  if (minuteWait > 0)
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      `You have sent ${MAIL_TEST_LIMIT.perMinute} test e-mails in the last minute. Please wait a minute and try again.`,
      { 'retry-after': retryAfterSeconds(minuteWait) },
    );
  const dayWait = perDay.hit(key);
  if (dayWait > 0)
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      `You have sent ${MAIL_TEST_LIMIT.perDay} test e-mails today. Please try again tomorrow.`,
      { 'retry-after': retryAfterSeconds(dayWait) },
    );
}

async function recipientAddress(
  { enquiries }: SetupDeps,
  admin: SetupAdmin,
  recipient: MailTestRecipient,
): Promise<string> {
  if (recipient === 'me') return admin.email;
  const notify = await enquiries.notificationAddress();
  if (!notify)
    throw conflict(
      'No address to send enquiries to yet — add the business e-mail in Settings › Business details.',
    );
  return notify.address;
}

/** What stops the site reaching people, for the dashboard's setup card. */
export async function setupStatus(deps: SetupDeps, admin: SetupAdmin): Promise<SetupStatus> {
  const [notify, notifications, placeholders, me, route] = await Promise.all([
    deps.enquiries.notificationAddress(),
    deps.enquiries.notificationStatus(),
    deps.site.placeholderFields(),
    deps.accounts.me(admin.id),
    deps.mailRoute(),
  ]);
  const problems: SetupProblem[] = [];
  if (route.transport === 'outbox') problems.push('mail_not_delivered');
  if (!notify) problems.push('no_notification_address');
  if (notifications.failing > 0) problems.push('mail_failing');
  if (placeholders.length > 0) problems.push('placeholder_details');
  if (!me.two_factor_enabled) problems.push('two_factor_off');
  return {
    ready: problems.length === 0,
    problems,
    mail: {
      ...transportFacts(route),
      can_edit: admin.role === 'superadmin' && !(route.transport === 'smtp' && route.source === 'server'),
    },
    notifications: {
      address: notify?.address ?? null,
      address_source: notify?.source ?? null,
      pending: notifications.pending,
      waiting_for_address: notifications.waitingForAddress,
      visitors_waiting: notifications.visitorsWaiting,
      failing: notifications.failing,
      last_failure: notifications.lastFailure,
    },
    business_details: { placeholder_fields: placeholders, can_edit: admin.role === 'superadmin' },
    two_factor_enabled: me.two_factor_enabled,
  };
}

/** The test e-mail's result in the admin's words, from what the transport answered or threw. */
function testMailOutcome(
  mailRoute: MailRoute,
  to: string,
  sent: { receipt: MailReceipt | undefined } | { error: unknown },
): MailTestResult {
  const facts = transportFacts(mailRoute);
  if ('error' in sent) {
    const failure = explainMailFailure(sent.error, mailRoute);
    const sentence =
      failure.kind === 'recipient_refused'
        ? `The mail server would not accept mail for ${to} — check the address is right.`
        : failure.sentence;
    return {
      ...facts,
      outcome: 'failed',
      to,
      transport_reply: null,
      failure: failure.kind,
      message: `Not sent to ${to}. ${sentence}`,
    };
  }
  const { receipt } = sent;
  if (receipt?.transport === 'outbox' || (!receipt && mailRoute.transport === 'outbox'))
    return {
      ...facts,
      outcome: 'saved',
      to,
      transport_reply: receipt?.file ?? null,
      failure: null,
      message:
        `${NOT_DELIVERED}. It was saved as a file in ${mailRoute.transport === 'outbox' ? mailRoute.folder : 'the outbox folder'}, ` +
        'and nobody receives it until a mail server is set up in Settings › Mail.',
    };
  return {
    ...facts,
    outcome: 'sent',
    to,
    transport_reply: receipt?.transport === 'smtp' ? receipt.response : null,
    failure: null,
    message:
      `Sent to ${to} via ${receipt?.host ?? (mailRoute.transport === 'smtp' ? mailRoute.host : 'the mail server')}. ` +
      'If it has not arrived in a few minutes, look in the spam or junk folder.',
  };
}

/** Sends a test e-mail to a fixed mailbox and reports the transport's own answer. */
export async function sendTestMail(
  deps: SetupServiceDeps,
  admin: SetupAdmin,
  recipient: MailTestRecipient,
): Promise<MailTestResult> {
  const to = await recipientAddress(deps, admin, recipient);
  await deps.checkMailPort();
  admitTest(deps.testLimits, admin.id);
  const site = await deps.site.get();
  const sentAt = londonTime(deps.clock.now());
  // The trading name is free text a superadmin typed: one clean line in the subject.
  const business = stripControlCharacters(site.trading_name).trim() || BUSINESS_NAME;
  const mail = composeMail(to, `Test e-mail from ${business}`, [
    `This is a test e-mail from the admin area of ${business} (${deps.publicUrl}), sent by ${admin.username} on ${sentAt}.`,
    'If you can read this, the website can send e-mail to this address. There is nothing to do.',
  ]);
  const sent = await deps.mailer.send(mail).then(
    (receipt) => ({ receipt }),
    (error: unknown) => ({ error }),
  );
  return testMailOutcome(await deps.mailRoute(), to, sent);
}

export function createSetupService(deps: SetupDeps) {
  // In memory, per instance: the recipient is always a mailbox the admin chose (their own or the
  // business's), so the worst case with several instances is a few more tests in their own inbox —
  // not worth a database round trip. Claimed before sending, so a burst cannot outrun it.
  const testLimits: TestMailLimits = {
    perMinute: createWindowLimiter(deps.clock, { max: MAIL_TEST_LIMIT.perMinute, windowMs: MINUTE_MS }),
    perDay: createWindowLimiter(deps.clock, { max: MAIL_TEST_LIMIT.perDay, windowMs: DAY_MS }),
  };
  const bind = bindDeps<SetupServiceDeps>({ ...deps, testLimits });
  return { status: bind(setupStatus), sendTest: bind(sendTestMail) };
}

export type SetupService = ReturnType<typeof createSetupService>;
