// The whole HTTP application as a function of its configuration and dependencies. server.ts owns
// listening and shutdown; tests call buildApp directly and drive it with app.inject().
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { shareChangesBetweenInstances } from './db/change-notices.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerAccountsRoutes } from './features/accounts/routes.ts';
import { createAccountsService } from './features/accounts/service.ts';
import { createCalendar } from './features/calendar/calendar.ts';
import { calendarFeedRoute, registerEventFileRoute } from './features/calendar/routes.ts';
import { publicListRoutes, registerContentRoutes } from './features/content/routes.ts';
import {
  createFastLane,
  headerSetsOf,
  registerCachedRoutes,
  type FastLane,
} from './plugins/public-fast-lane.ts';
import { createContentService } from './features/content/service.ts';
import { registerHealthRoutes, type Readiness } from './features/health/routes.ts';
import { registerUploadRoutes } from './features/uploads/routes.ts';
import { createUploadService } from './features/uploads/service.ts';
import { createImageVariants } from './features/uploads/variants.ts';
import { createAdminGate, registerAuthGuard } from './plugins/auth-guard.ts';
import {
  createClientErrorHandler,
  createRoutingErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerAllowedMethods } from './plugins/allowed-methods.ts';
import { createSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { requestId } from './lib/request-id.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createPageDataSource } from './features/pages/page-data-source.ts';
import { createPageRenderer, ssrBuildExists } from './features/pages/page-renderer.ts';
import { pageHeaders, publicPageRoutes } from './features/pages/routes.ts';
import { answerHeaders } from './lib/cached-answer.ts';
import { createAnswerObserver, registerAnswerObserver } from './observability/answers.ts';
import { countingMailer, createMetrics, type Metrics } from './observability/metrics.ts';
import { poolUse } from './db/database.ts';
import { mailRoute } from './mail/failures.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerSiteRoutes } from './features/site/routes.ts';
import { createSiteService } from './features/site/service.ts';
import { BUSINESS_NAME } from '#shared/constants.ts';
import { registerAuditRoutes } from './features/audit/routes.ts';
import { createAuditTargets } from './features/audit/targets.ts';
import { createAuditService } from './features/audit/service.ts';
import { createAuthLimitsService } from './features/auth-limits/service.ts';
import { registerPasswordResetRoutes } from './features/password-reset/routes.ts';
import { createPasswordResetService } from './features/password-reset/service.ts';
import { createTwoFactorService } from './features/two-factor/service.ts';
import { createBackground } from './lib/background.ts';
import { loadServerKey } from './lib/server-key.ts';
import { registerDataSubjectRoutes } from './features/data-subject/routes.ts';
import { createDataSubjectService } from './features/data-subject/service.ts';
import { registerAuditTrail } from './plugins/audit-trail.ts';
import { registerTrashRoutes } from './features/trash/routes.ts';
import { createTrashService } from './features/trash/service.ts';
import { registerWeeklyReportRoutes } from './features/weekly-report/routes.ts';
import { createWeeklyReportService } from './features/weekly-report/service.ts';
import { weeklyReportSources } from './features/weekly-report/sources.ts';
import { registerRequestTextCleaning } from './plugins/clean-request-text.ts';
import { createHttpServer } from './lib/http-server.ts';
import { registerAnalyticsRoutes } from './features/analytics/routes.ts';
import { createAnalyticsService } from './features/analytics/service.ts';
import { createTrackingLimits } from './features/analytics/client-limits.ts';
import { createEnquiryLimits } from './features/enquiries/limits.ts';
import { createCaptcha } from './features/enquiries/captcha.ts';
import { registerEnquiryRoutes } from './features/enquiries/routes.ts';
import { createEnquiriesService } from './features/enquiries/service.ts';
import { registerSetupRoutes } from './features/setup/routes.ts';
import { createSetupService } from './features/setup/service.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Where the built web client lives; dist/web by default. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** A logger made by the caller (the server's pino with its own destination); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Outgoing mail; by default created from config (SMTP, or .eml files in the outbox). */
  mailer?: Mailer;
}

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createServices(config: Config, db: Db, clock: Clock, mailer: Mailer, log: FastifyBaseLogger) {
  const site = createSiteService(db, clock);
  const route = mailRoute(config.smtpUrl, config.outboxDir);
  const captcha = createCaptcha(config.captcha, db, clock);
  const enquiryLimits = createEnquiryLimits(db, clock, config.enquiryRateLimit);
  // Account security (issue 3): audit trail, brute-force limits, 2FA, password reset.
  const background = createBackground(log);
  const audit = createAuditService(db, clock);
  const authLimits = createAuthLimitsService(db, clock, config.authLimits, log);
  const twoFactor = createTwoFactorService(db, clock, loadServerKey(config, log), BUSINESS_NAME);
  const accounts = createAccountsService(db, clock, {
    twoFactor,
    limits: authLimits,
    audit,
    mailer,
    background,
    publicUrl: config.publicUrl,
  });
  const enquiries = createEnquiriesService({
    db,
    clock,
    mailer,
    site,
    captcha,
    limits: enquiryLimits,
    background,
    notifyEmail: config.notifyEmail,
    mailRoute: route,
    publicUrl: config.publicUrl,
    log,
  });
  // A saved business e-mail may be the address enquiry notices were waiting for (issue 15).
  site.onChange(() => enquiries.sendWaitingForAddressInBackground());
  const content = createContentService(db, clock);
  // The calendar is named after the business: rebuilt when its details change.
  const calendar = createCalendar({ content, site, clock, publicUrl: config.publicUrl });
  site.onChange(() => calendar.invalidate());
  const setup = createSetupService({
    mailer,
    mailRoute: route,
    clock,
    publicUrl: config.publicUrl,
    site,
    enquiries,
    accounts,
  });
  const analytics = createAnalyticsService(db, clock, config.analytics, log);
  const weeklyReport = createWeeklyReportService({
    db,
    clock,
    mailer,
    mailRoute: route,
    publicUrl: config.publicUrl,
    log,
    sources: weeklyReportSources({ clock, site, analytics, enquiries, content, setup }),
  });
  const trash = createTrashService({ db, clock, uploadDir: config.uploadDir, content });
  return {
    mailer,
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
    dataSubject: createDataSubjectService(db, audit),
    passwordReset: createPasswordResetService(db, clock, {
      accounts,
      limits: authLimits,
      audit,
      mailer,
      background,
      publicUrl: config.publicUrl,
      businessName: async () => (await site.get()).trading_name,
    }),
    background,
    content,
    calendar,
    uploads: createUploadService(config.uploadDir, config),
    imageVariants: createImageVariants(config.uploadDir),
  };
}
export type Services = ReturnType<typeof createServices>;

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** The role the route is restricted to, if any (checked before validation). */
  role: 'superadmin' | null;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every route the app registered (tests walk it to prove the admin guard covers them all). */
  routes: RouteEntry[];
  /** What /api/ready reports; the server marks it stopping when shutdown begins. */
  readiness: Readiness;
  /** Prometheus metrics; the server exposes them on METRICS_PORT. */
  metrics: Metrics;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  // Filled in once the services exist; the server only takes requests after that.
  const hotPath: { fastLane?: FastLane } = {};
  const edge: { routingErrors?: ReturnType<typeof createRoutingErrorHandler> } = {};
  const securityHeaders = createSecurityHeaders({
    publicUrl: config.publicUrl,
    captchaProvider: config.captcha.provider,
  });
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    // One access-log line per answer instead of Fastify's two (observability/answers.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: requestId,
    // Addresses the router refuses, and requests Node's parser refuses, answer like any other error.
    frameworkErrors: (error, request, reply) => edge.routingErrors?.(error, request, reply),
    clientErrorHandler: createClientErrorHandler(securityHeaders),
    routerOptions: { caseSensitive: true },
    // Hot public reads are answered before Fastify when their cached answer is fresh. With a
    // serverFactory Fastify applies none of its timeout options, so they are set here (issue 20).
    serverFactory: (handler) =>
      createHttpServer(config.http, (req, res) => hotPath.fastLane?.(req, res) || handler(req, res)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; role?: 'superadmin' } | undefined;
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, public: config?.public === true, role: config?.role ?? null });
  });
  registerOpenApi(app);
  const allowedMethods = registerAllowedMethods(app);

  const metrics = createMetrics();
  const observeAnswer = createAnswerObserver(app.log, metrics);
  registerAnswerObserver(app, observeAnswer);

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      log: app.log,
    });
  const services = createServices(config, db, clock, countingMailer(mailer, metrics), app.log);
  metrics.readFrom({
    ingest: () => services.analytics.stats(),
    mailOwed: async () => {
      const status = await services.enquiries.notificationStatus();
      return { notices: status.pending, acknowledgements: status.visitorsWaiting };
    },
    pool: () => poolUse(db),
  });
  if (config.captcha.provider === 'off') {
    app.log.warn(
      'CAPTCHA_PROVIDER=off: enquiries are accepted without any bot check. Use this only for local testing.',
    );
  }
  // Accepted analytics events are written at least every second, and what is left on close.
  // (Enquiry notifications run on the shared background, which the hook below waits for.)
  services.analytics.startFlushing();
  app.addHook('onClose', async () => services.analytics.stop());
  // Security e-mails still being sent are waited for; then a mailer we created is ours to close
  // (one passed in belongs to the caller).
  app.addHook('onClose', async () => {
    await services.background.settled();
    if (!deps.mailer) await mailer.close();
  });
  // First: every later hook and handler sees clean headers, and clean cookies, query and body.
  registerRequestTextCleaning(app, { trustsProxy: config.trustProxy !== false && config.trustProxy !== 0 });
  registerErrorHandler(app, securityHeaders);
  registerSecurityHeaders(app, securityHeaders);
  const adminGate = createAdminGate(services.accounts);
  registerAuthGuard(app, adminGate);
  edge.routingErrors = createRoutingErrorHandler(securityHeaders, adminGate);
  const auditTargets = createAuditTargets({ content: services.content, accounts: services.accounts });
  registerAuditTrail(app, services.audit, auditTargets);

  // Tracking is stored only with the consent cookie (docs/decisions/0402).
  await app.register(fastifyCookie);

  const readiness: Readiness = {
    stopping: false,
    writerStuckSince: () => services.analytics.stats().database_down_since,
  };
  registerHealthRoutes(app, db, readiness);
  registerAccountsRoutes(app, services.accounts);
  registerContentRoutes(app, services.content);
  registerSiteRoutes(app, services.site);
  registerSetupRoutes(app, services.setup);
  registerWeeklyReportRoutes(app, services.weeklyReport);
  registerTrashRoutes(app, services.trash);
  registerPasswordResetRoutes(app, services.passwordReset);
  registerAuditRoutes(app, services.audit, auditTargets);
  registerDataSubjectRoutes(app, services.dataSubject);
  await registerEnquiryRoutes(app, services.enquiries, services.captcha, services.enquiryLimits, clock);
  await registerAnalyticsRoutes(app, services.analytics, services.trackingLimits);
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await registerUploadRoutes(app, services.uploads, services.imageVariants, config);
  const webRoot = deps.webRoot ?? path.resolve('dist/web');
  const ssrEntry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  const pageRenderer = ssrBuildExists(webRoot, ssrEntry)
    ? createPageRenderer({
        webRoot,
        ssrEntry,
        clock,
        source: createPageDataSource({
          ...services,
          clock,
          publicUrl: config.publicUrl,
          analyticsRetentionDays: config.analytics.retentionDays,
        }),
      })
    : undefined;
  if (pageRenderer) {
    services.content.onChange(pageRenderer.invalidate);
    services.site.onChange(pageRenderer.invalidate);
  } else {
    app.log.warn('The web client is not built (npm run build): public pages answer 404.');
  }
  // With PostgreSQL, a change through any instance clears every instance's caches (decision 0417).
  const caches = {
    content: services.content,
    site: services.site,
    builtFromThem: [services.calendar, ...(pageRenderer ? [pageRenderer] : [])],
  };
  const notices = shareChangesBetweenInstances(config.database, db, app.log, caches);
  if (notices) app.addHook('onClose', () => notices.close());
  // The public lists and pages: one declaration each, answered by the fast lane while cached.
  const cachedRoutes = [
    ...publicListRoutes(services.content),
    calendarFeedRoute(services.calendar),
    ...(pageRenderer ? publicPageRoutes(pageRenderer) : []),
  ];
  const headerSets = headerSetsOf(securityHeaders, cachedRoutes);
  registerCachedRoutes(app, cachedRoutes, headerSets);
  const fastLane = createFastLane(cachedRoutes, headerSets, {
    security: securityHeaders,
    observe: observeAnswer,
    trustProxy: config.trustProxy,
    log: app.log,
  });
  hotPath.fastLane = fastLane.lane;
  registerEventFileRoute(app, services.calendar, securityHeaders);
  // From the first moment of close, new requests are refused with 503 and `connection: close`.
  app.addHook('preClose', (done) => {
    fastLane.shutDown();
    done();
  });
  await registerWebApp(app, webRoot, {
    renderer: pageRenderer,
    publicUrl: config.publicUrl,
    pageHeaders: answerHeaders(securityHeaders.page, pageHeaders),
    allowedMethods,
  });

  // Not `return app`: a Fastify instance is thenable, and an async function would await it.
  return { app, services, routes, readiness, metrics };
}
