// The public side's answers: the server-rendered pages, and the public lists and pages kept in a
// cache and answered by the fast lane before Fastify (issue 20, decision 0417).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { shareChangesBetweenInstances } from './db/change-notices.ts';
import type { Db } from './db/database.ts';
import { calendarFeedRoute } from './features/calendar/routes.ts';
import { publicListRoutes } from './features/content/routes.ts';
import { createPageDataSource } from './features/pages/page-data-source.ts';
import { createPageRenderer, ssrBuildExists, type PageRenderer } from './features/pages/page-renderer.ts';
import { publicPageRoutes } from './features/pages/routes.ts';
import type { Clock } from './lib/clock.ts';
import { trustsHop } from './lib/client-address.ts';
import type { AnswerObserver } from './observability/answer.ts';
import { createFastLane, headerSetsOf, registerCachedRoutes } from './plugins/public-fast-lane.ts';
import type { SecurityHeaders } from './plugins/security-headers.ts';
import type { Services } from './services.ts';

/** The server-side renderer of the public pages, or undefined while the web client is not built. */
export function createPublicPageRenderer(
  app: FastifyInstance,
  config: Config,
  services: Services,
  clock: Clock,
  webRoot: string,
): PageRenderer | undefined {
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
  return pageRenderer;
}

/**
 * The public lists and pages: one declaration each, answered by the fast lane while cached, and
 * their caches cleared from every instance when anything they show changes.
 */
export function registerPublicAnswers(
  app: FastifyInstance,
  config: Config,
  db: Db,
  services: Services,
  {
    securityHeaders,
    observeAnswer,
    pageRenderer,
  }: {
    securityHeaders: SecurityHeaders;
    observeAnswer: AnswerObserver;
    pageRenderer: PageRenderer | undefined;
  },
) {
  // With PostgreSQL, a change through any instance clears every instance's caches (decision 0417).
  const caches = {
    content: services.content,
    site: services.site,
    builtFromThem: [services.calendar, ...(pageRenderer ? [pageRenderer] : [])],
  };
  const notices = shareChangesBetweenInstances(config.database, db, app.log, caches);
  if (notices) app.addHook('onClose', () => notices.close());
  const cachedRoutes = [
    ...publicListRoutes(services.content),
    calendarFeedRoute(services.calendar),
    ...(pageRenderer ? publicPageRoutes(pageRenderer) : []),
  ];
  const headerSets = headerSetsOf(securityHeaders, cachedRoutes);
  registerCachedRoutes(app, cachedRoutes, headerSets);
  return createFastLane(cachedRoutes, headerSets, {
    security: securityHeaders,
    observe: observeAnswer,
    trustsHop: trustsHop(config.trustProxy),
    log: app.log,
  });
}
