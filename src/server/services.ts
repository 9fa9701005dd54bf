// Every feature's service, made once per app from the configuration and wired to each other.
// buildApp (app.ts) registers their routes; the server and tests reach them through `services`.
import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS_NAME } from '#shared/constants.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createAccountsService } from './features/accounts/service.ts';
import { createTrackingLimits } from './features/analytics/client-limits.ts';
import { inlineWriter, threadWriter } from './features/analytics/event-writer.ts';
import { createAnalyticsService } from './features/analytics/service.ts';
import { createAuditService } from './features/audit/service.ts';
import { createAuthLimitsService } from './features/auth-limits/service.ts';
import { createCalendar } from './features/calendar/calendar.ts';
import { createContentService } from './features/content/service.ts';
import { createDataSubjectService } from './features/data-subject/service.ts';
import { createCaptcha } from './features/enquiries/captcha.ts';
import { createEnquiryLimits } from './features/enquiries/limits.ts';
import { createBookingsService } from './features/bookings/service.ts';
import { createEnquiriesService } from './features/enquiries/service.ts';
import { createMailSettingsService, MAIL_PASSWORD_KEY_PURPOSE } from './features/mail-settings/service.ts';
import { createOutboxService } from './features/outbox/service.ts';
import { createPasswordResetService } from './features/password-reset/service.ts';
import { createSetupService } from './features/setup/service.ts';
import { createPaymentSettings, type PaymentSettingsService } from './features/site/payments.ts';
import { createSiteService, type SiteService } from './features/site/service.ts';
import { createTwoFactorService } from './features/two-factor/service.ts';
import { createUploadService } from './features/uploads/service.ts';
import { createImageVariants } from './features/uploads/variants.ts';
import { createWeeklyReportService } from './features/weekly-report/service.ts';
import { weeklyReportSources } from './features/weekly-report/sources.ts';
import { createTrashService } from './features/trash/service.ts';
import { createBackground, type Background } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { loadServerKey } from './lib/server-key.ts';
import type { MailRoute } from './mail/failures.ts';
import type { Mailer, MailerOptions } from './mail/mailer.ts';

/** Makes the mailer, given where mail goes now (asked before every message). */
export type MailerFactory = (server: MailerOptions['server']) => Mailer;

export function createServices(
  config: Config,
  db: Db,
  clock: Clock,
  mailerFor: MailerFactory,
  log: FastifyBaseLogger,
) {
  const site = createSiteService(db, clock);
  const serverKey = loadServerKey(config, log);
  const { mailSettings, mailer } = createMail(config, db, clock, site, serverKey, mailerFor);
  const route = mailSettings.route;
  const background = createBackground(log);
  const inputs: SharedInputs = { config, db, clock, mailer, log, background, serverKey, mailRoute: route };
  const { captcha, enquiryLimits, enquiries } = createEnquiryIntake(inputs, site);
  const { audit, authLimits, twoFactor, accounts, passwordReset } = createAccountSecurity(inputs, site);
  const content = createContentService(db, clock);
  // The calendar is named after the business: rebuilt when its details change.
  const calendar = createCalendar({ content, site, clock, publicUrl: config.publicUrl });
  site.onChange(() => calendar.invalidate());
  const setup = createSetupService({
    mailer,
    mailRoute: route,
    checkMailPort: mailSettings.checkPort,
    clock,
    publicUrl: config.publicUrl,
    site,
    enquiries,
    accounts,
  });
  const analytics = createAnalyticsService(
    db,
    clock,
    config.analytics,
    log,
    config.analytics.writer === 'thread' ? threadWriter(config.database, log) : inlineWriter(db),
  );
  const payments = createPaymentSettings(db, clock);
  const bookings = createBookings(inputs, site, mailSettings.savedSenderAddress, payments);
  const weeklyReport = createWeeklyReportService({
    db,
    clock,
    mailer,
    mailRoute: route,
    publicUrl: config.publicUrl,
    log,
    sources: weeklyReportSources({ clock, site, analytics, enquiries, content, setup, bookings }),
  });
  const trash = createTrashService({ db, clock, uploadDir: config.uploadDir, content, audit, log });
  return {
    mailer,
    mailSettings,
    site,
    captcha,
    enquiries,
    setup,
    weeklyReport,
    trash,
    enquiryLimits,
    analytics,
    trackingLimits: createTrackingLimits(clock, config.trackRateLimit),
    accounts,
    audit,
    authLimits,
    twoFactor,
    dataSubject: createDataSubjectService(db, clock, audit),
    bookings,
    payments,
    outbox: createOutboxService({ enquiries, bookings, mailRoute: route }),
    passwordReset,
    background,
    content,
    calendar,
    uploads: createUploadService(config.uploadDir, config),
    imageVariants: createImageVariants(config.uploadDir, log),
  };
}
export type Services = ReturnType<typeof createServices>;

/** What the groups of services below are made from. */
interface SharedInputs {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  background: Background;
  serverKey: string;
  mailRoute: () => Promise<MailRoute>;
}

/** Where mail goes and the mailer that sends it there. */
function createMail(
  config: Config,
  db: Db,
  clock: Clock,
  site: SiteService,
  serverKey: string,
  mailerFor: MailerFactory,
) {
  // SMTP_URL, else the mail server saved in Settings › Mail, else the outbox (decision 0440).
  const mailSettings = createMailSettingsService({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    mailPorts: config.mailPorts,
    outboxDir: config.outboxDir,
    box: createSecretBox(serverKey, MAIL_PASSWORD_KEY_PURPOSE),
    tradingName: async () => (await site.get()).trading_name,
  });
  return { mailSettings, mailer: mailerFor(mailSettings.server) };
}

/** Bookings, with the mail they send their customers. */
function createBookings(
  { config, db, clock, mailer, log, background, mailRoute }: SharedInputs,
  site: SiteService,
  /** The sender saved in Settings › Mail while mail goes through it: the invitations' organiser. */
  savedSenderAddress: () => Promise<string | null>,
  /** Settings › Payments: how the confirmation says to pay. */
  payments: PaymentSettingsService,
) {
  const { publicUrl, mailFrom, notifyEmail } = config;
  return createBookingsService({
    db,
    clock,
    ...config.bookings,
    mailer,
    mailRoute,
    site,
    background,
    publicUrl,
    savedSenderAddress,
    payments,
    mailFrom,
    notifyEmail,
    log,
  });
}

/** The enquiry form's service, with the captcha and the limits it checks a submission against. */
function createEnquiryIntake(
  { config, db, clock, mailer, log, background, mailRoute }: SharedInputs,
  site: SiteService,
) {
  const captcha = createCaptcha(config.captcha, db, clock);
  const enquiryLimits = createEnquiryLimits(db, clock, config.enquiryRateLimit);
  const enquiries = createEnquiriesService({
    db,
    clock,
    mailer,
    site,
    captcha,
    limits: enquiryLimits,
    background,
    notifyEmail: config.notifyEmail,
    mailRoute,
    publicUrl: config.publicUrl,
    log,
  });
  // A saved business e-mail may be the address enquiry notices were waiting for (issue 15).
  site.onChange(() => enquiries.sendWaitingForAddressInBackground());
  return { captcha, enquiryLimits, enquiries };
}

/** Account security (issue 3): audit trail, brute-force limits, 2FA, the accounts, password reset. */
function createAccountSecurity(
  { config, db, clock, mailer, log, background, serverKey, mailRoute }: SharedInputs,
  site: SiteService,
) {
  const audit = createAuditService(db, clock);
  const authLimits = createAuthLimitsService(db, clock, config.authLimits, log);
  const twoFactor = createTwoFactorService(db, clock, serverKey, BUSINESS_NAME);
  const accounts = createAccountsService(db, clock, {
    twoFactor,
    limits: authLimits,
    audit,
    mailer,
    background,
    publicUrl: config.publicUrl,
    mailRoute,
    businessName: async () => (await site.get()).trading_name,
  });
  const passwordReset = createPasswordResetService(db, clock, {
    accounts,
    limits: authLimits,
    audit,
    mailer,
    background,
    publicUrl: config.publicUrl,
    businessName: async () => (await site.get()).trading_name,
    mailRoute,
  });
  return { audit, authLimits, twoFactor, accounts, passwordReset };
}
