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
import { systemClock, type Clock } from './lib/clock.ts';
import { trustsHop } from './lib/client-address.ts';
import { registerAccountsRoutes } from './features/accounts/routes.ts';
import { registerEventFileRoute } from './features/calendar/routes.ts';
import { registerContentRoutes } from './features/content/routes.ts';
import type { FastLane } from './plugins/public-fast-lane.ts';
import { registerHealthRoutes, type Readiness } from './features/health/routes.ts';
import { registerUploadRoutes } from './features/uploads/routes.ts';
import { createAdminGate, registerAuthGuard } from './plugins/auth-guard.ts';
import {
  createClientErrorHandler,
  createRoutingErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerAllowedMethods } from './plugins/allowed-methods.ts';
import { registerStrictAdminInput } from './plugins/strict-admin-input.ts';
import {
  createSecurityHeaders,
  registerSecurityHeaders,
  type SecurityHeaders,
} from './plugins/security-headers.ts';
import { createPublicPageRenderer, registerPublicAnswers } from './public-answers.ts';
import { requestId } from './lib/request-id.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { pageHeaders } from './features/pages/routes.ts';
import { answerHeaders } from './lib/cached-answer.ts';
import { createAnswerObserver, registerAnswerObserver } from './observability/answers.ts';
import { countingMailer, createMetrics, type Metrics } from './observability/metrics.ts';
import { poolUse } from './db/database.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerSiteRoutes } from './features/site/routes.ts';
import { registerPaymentRoutes } from './features/site/payment-routes.ts';
import { registerMailSettingsRoutes } from './features/mail-settings/routes.ts';
import { registerAuditRoutes } from './features/audit/routes.ts';
import { createAuditTargets } from './features/audit/targets.ts';
import { registerPasswordResetRoutes } from './features/password-reset/routes.ts';
import { registerDataSubjectRoutes } from './features/data-subject/routes.ts';
import { registerAuditTrail } from './plugins/audit-trail.ts';
import { registerTrashRoutes } from './features/trash/routes.ts';
import { registerWeeklyReportRoutes } from './features/weekly-report/routes.ts';
import { registerRequestTextCleaning } from './plugins/clean-request-text.ts';
import { createHttpServer } from './lib/http-server.ts';
import { registerAnalyticsRoutes } from './features/analytics/routes.ts';
import { registerBookingRoutes } from './features/bookings/routes.ts';
import { registerCustomerPageRoutes } from './features/bookings/customer-routes.ts';
import { registerOutboxRoutes } from './features/outbox/routes.ts';
import { registerEnquiryRoutes } from './features/enquiries/routes.ts';
import { registerSetupRoutes } from './features/setup/routes.ts';
import { createServices, type Services } from './services.ts';

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
  const edge: Edge = {};
  const securityHeaders = createSecurityHeaders({
    publicUrl: config.publicUrl,
    captchaProvider: config.captcha.provider,
  });
  const app = createFastify(deps, securityHeaders, hotPath, edge);
  const routes = recordRoutes(app);
  // Before the document records the routes: it describes the admin routes' refusal of extras.
  registerStrictAdminInput(app);
  registerOpenApi(app);
  const allowedMethods = registerAllowedMethods(app);

  const metrics = createMetrics();
  const observeAnswer = createAnswerObserver(app.log, metrics);
  registerAnswerObserver(app, observeAnswer);

  const services = startServices(app, deps, clock, metrics);
  const auditTargets = registerGuards(app, config, services, securityHeaders, edge);

  // Tracking is stored only with the consent cookie (docs/decisions/0402).
  await app.register(fastifyCookie);

  const readiness: Readiness = {
    stopping: false,
    writerStuckSince: () => services.analytics.stats().database_down_since,
  };
  await registerFeatureRoutes(app, services, { config, db, clock, readiness, auditTargets });
  const webRoot = deps.webRoot ?? path.resolve('dist/web');
  const pageRenderer = createPublicPageRenderer(app, config, services, clock, webRoot);
  const fastLane = registerPublicAnswers(app, config, db, services, {
    securityHeaders,
    observeAnswer,
    pageRenderer,
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

/** The error answers set up before the admin gate exists, filled in once it does. */
type Edge = { routingErrors?: ReturnType<typeof createRoutingErrorHandler> };

function createFastify(
  { config, ...deps }: AppDeps,
  securityHeaders: SecurityHeaders,
  hotPath: { fastLane?: FastLane },
  edge: Edge,
): FastifyInstance {
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    // One access-log line per answer instead of Fastify's two (observability/answers.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustsHop(config.trustProxy),
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
  return app;
}

function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; role?: 'superadmin' } | undefined;
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, public: config?.public === true, role: config?.role ?? null });
  });
  return routes;
}

/** The services, their metrics, the periodic analytics flush and the waits at close. */
function startServices(app: FastifyInstance, deps: AppDeps, clock: Clock, metrics: Metrics): Services {
  const { config, db } = deps;
  const services = createServices(
    config,
    db,
    clock,
    (server) =>
      countingMailer(
        deps.mailer ??
          createMailer({ from: config.mailFrom, outboxDir: config.outboxDir, log: app.log, server }),
        metrics,
      ),
    app.log,
  );
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
  app.addHook('onClose', async () => services.imageVariants.stop()); // the AVIF copy being made ends
  // Security e-mails still being sent are waited for; then a mailer we created is ours to close
  // (one passed in belongs to the caller).
  app.addHook('onClose', async () => {
    await services.background.settled();
    if (!deps.mailer) await services.mailer.close();
  });
  return services;
}

/** The hooks every request passes before its handler; returns the audit trail's targets. */
function registerGuards(
  app: FastifyInstance,
  config: Config,
  services: Services,
  securityHeaders: SecurityHeaders,
  edge: Edge,
) {
  // First: every later hook and handler sees clean headers, and clean cookies, query and body.
  registerRequestTextCleaning(app, { trustsProxy: config.trustProxy !== false });
  registerErrorHandler(app, securityHeaders);
  registerSecurityHeaders(app, securityHeaders);
  const adminGate = createAdminGate(services.accounts);
  registerAuthGuard(app, adminGate);
  edge.routingErrors = createRoutingErrorHandler(securityHeaders, adminGate);
  const auditTargets = createAuditTargets({
    content: services.content,
    accounts: services.accounts,
    enquiries: services.enquiries,
    bookings: services.bookings,
  });
  registerAuditTrail(app, services.audit, auditTargets);
  return auditTargets;
}

async function registerFeatureRoutes(
  app: FastifyInstance,
  services: Services,
  {
    config,
    db,
    clock,
    readiness,
    auditTargets,
  }: {
    config: Config;
    db: Db;
    clock: Clock;
    readiness: Readiness;
    auditTargets: ReturnType<typeof createAuditTargets>;
  },
) {
  registerHealthRoutes(app, db, readiness);
  registerAccountsRoutes(app, services.accounts);
  registerContentRoutes(app, services.content);
  registerSiteRoutes(app, services.site);
  registerPaymentRoutes(app, services.payments);
  registerMailSettingsRoutes(app, services.mailSettings);
  registerSetupRoutes(app, services.setup);
  registerWeeklyReportRoutes(app, services.weeklyReport);
  registerTrashRoutes(app, services.trash);
  registerPasswordResetRoutes(app, services.passwordReset);
  registerAuditRoutes(app, services.audit, auditTargets);
  registerDataSubjectRoutes(app, services.dataSubject);
  await registerEnquiryRoutes(app, services.enquiries, services.captcha, services.enquiryLimits, clock);
  registerBookingRoutes(app, services.bookings);
  registerCustomerPageRoutes(app, services.bookings.customer, services.audit);
  registerOutboxRoutes(app, services.outbox);
  await registerAnalyticsRoutes(app, services.analytics, services.trackingLimits);
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await registerUploadRoutes(app, services.uploads, services.imageVariants, config);
}
