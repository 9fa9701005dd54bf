// The whole HTTP application as a function of its configuration and dependencies. server.ts owns
// listening and shutdown; tests call buildApp directly and drive it with app.inject().
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerAccountsRoutes } from './features/accounts/routes.ts';
import { createAccountsService } from './features/accounts/service.ts';
import { registerContentRoutes } from './features/content/routes.ts';
import { createContentService } from './features/content/service.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { registerUploadRoutes } from './features/uploads/routes.ts';
import { createUploadService } from './features/uploads/service.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Where the built web client lives; dist/web by default. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createServices(config: Config, db: Db, clock: Clock) {
  return {
    accounts: createAccountsService(db, clock),
    content: createContentService(db, clock),
    uploads: createUploadService(config.uploadDir, config),
  };
}
export type Services = ReturnType<typeof createServices>;

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every route the app registered (tests walk it to prove the admin guard covers them all). */
  routes: RouteEntry[];
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { caseSensitive: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean } | undefined;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: config?.public === true });
  });
  await registerOpenApi(app);

  const services = createServices(config, db, clock);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerAuthGuard(app, services.accounts);

  registerHealthRoutes(app, db);
  registerAccountsRoutes(app, services.accounts);
  registerContentRoutes(app, services.content);
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await registerUploadRoutes(app, services.uploads, { ...config, uploadDir: config.uploadDir });
  await registerWebApp(app, deps.webRoot ?? path.resolve('dist/web'));

  // Not `return app`: a Fastify instance is thenable, and an async function would await it.
  return { app, services, routes };
}
