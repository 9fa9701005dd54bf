// The OpenAPI document, generated from the same zod schemas that validate requests and shape
// responses (DESIGN decision 2), served as JSON at /api/docs.
//
// Generated on the first request, not at start-up: @fastify/swagger and what it loads (a YAML library,
// a schema resolver: ~120 files) cost every start about a tenth of its time for a document only
// developers read. The routes are recorded as they are registered and replayed, schemas and all, into
// a documentation-only Fastify instance that runs @fastify/swagger exactly as if it had been
// registered on the app itself. (The app shares no schemas through addSchema, which this would not
// carry over.)
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type RecordedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

async function generateDocument(routes: RecordedRoute[]): Promise<unknown> {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  // HEAD routes are recorded as the app registered them (its GET routes' automatic ones included).
  const docs = Fastify({ exposeHeadRoutes: false });
  docs.setValidatorCompiler(validatorCompiler);
  docs.setSerializerCompiler(serializerCompiler);
  await docs.register(fastifySwagger, {
    openapi: {
      info: { title: 'Airsoft target range — website and admin API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  for (const route of routes) docs.route({ ...route, handler: async () => undefined });
  await docs.ready();
  try {
    return docs.swagger();
  } finally {
    await docs.close();
  }
}

/** Register before any route, so every route is recorded. */
export function registerOpenApi(app: FastifyInstance): void {
  const routes: RecordedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    routes.push({ method, url, schema, config });
  });
  let document: Promise<unknown> | undefined;
  app.get('/api/docs', { schema: { hide: true } }, () => {
    document ??= generateDocument(routes).catch((error: unknown) => {
      document = undefined; // the next request tries again
      throw error;
    });
    return document;
  });
}
