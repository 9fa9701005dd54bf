// The OpenAPI document, generated from the same zod schemas that validate requests and shape
// responses (docs/product.md#api), served as JSON at /api/docs. Each operation lists every status it can
// answer, errors with the one `{detail, code}` body (openapi-statuses.ts, docs/decisions/0416), and
// what it takes as exactly as the server reads it (docs/decisions/0437).
//
// Generated on the first request, not at start-up: @fastify/swagger and what it loads (a YAML library,
// a schema resolver: ~120 files) cost every start about a tenth of its time for a document only
// developers read. The routes are recorded as they are registered and replayed, schemas and all, into
// a documentation-only Fastify instance that runs @fastify/swagger exactly as if it had been
// registered on the app itself. (The app shares no schemas through addSchema, which this would not
// carry over.)
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/errors.ts';
import { derivedStatuses, statusMeaning, type DocumentedRoute } from './openapi-statuses.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For the document only: the body of a route that reads it itself (a multipart upload), which
     * Fastify's validation does not see.
     */
    documentedBody?: { contentType: string; schema: z.ZodType };
  }
}

type RecordedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

interface Operation {
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  /** False where unknown query parameters are refused (OpenAPI 3.0 has no word for it). */
  'x-additionalQueryParameters'?: boolean;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The conventions a reader of the document needs that JSON Schema does not carry (decision 0437). */
const DESCRIPTION = [
  'Admin calls (/api/admin) refuse body fields and query parameters they do not declare: their bodies',
  'say `additionalProperties: false`, and an operation with `x-additionalQueryParameters: false` refuses',
  'query parameters it does not list. Public calls that accept extras say so. Every path answers 405',
  'with `Allow` to a method it does not serve. Text loses its control characters (tabs and line breaks',
  'are kept in bodies) before it is checked.',
].join(' ');

/** What @fastify/swagger lists for a route without a response schema. */
const PLACEHOLDER_DESCRIPTION = 'Default Response';

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Adds what the route can answer beyond its response schema; a status the schema declares is kept. */
function addStatuses(operation: Operation, route: DocumentedRoute): void {
  const responses = (operation.responses ??= {});
  const statuses = derivedStatuses(route);
  // A route that declares its own success answer (a 204) does not also answer swagger's guessed 200.
  const placeholder = responses['200'] as { description?: string } | undefined;
  if (placeholder?.description === PLACEHOLDER_DESCRIPTION && statuses.some((s) => s >= 200 && s < 300))
    delete responses['200'];
  for (const status of statuses) {
    responses[status] ??=
      status >= 400
        ? {
            description: statusMeaning(route, status),
            content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
          }
        : { description: statusMeaning(route, status) };
  }
}

/** What an answer the handler writes itself holds, for each content type it declares. */
const bodyOfType = (type: string) =>
  type === 'application/json'
    ? {}
    : type.startsWith('text/')
      ? { type: 'string' }
      : { type: 'string', format: 'binary' };

/** The content types a route declares it answers (`config.answerTypes`), beside any a schema gives. */
function addAnswerTypes(operation: Operation, route: DocumentedRoute): void {
  const responses = (operation.responses ??= {});
  for (const [status, types] of Object.entries(route.config?.answerTypes ?? {})) {
    const response = (responses[status] ??= { description: statusMeaning(route, Number(status)) }) as {
      content?: Record<string, unknown>;
    };
    response.content = {
      ...response.content,
      ...Object.fromEntries(types.map((type) => [type, { schema: bodyOfType(type) }])),
    };
  }
}

/** The query refuses parameters it does not declare (plugins/strict-admin-input.ts). */
const refusesUnknownQuery = (route: RecordedRoute) => {
  const query = route.schema?.querystring;
  return query instanceof z.ZodObject && query.def.catchall instanceof z.ZodNever;
};

/** What the schemas say that swagger's output leaves out: a body read by hand, a strict query. */
function addInputFacts(operation: Operation, route: RecordedRoute): void {
  const body = route.config?.documentedBody;
  if (body)
    operation.requestBody = {
      required: true,
      content: {
        [body.contentType]: { schema: z.toJSONSchema(body.schema, { target: 'openapi-3.0', io: 'input' }) },
      },
    };
  if (refusesUnknownQuery(route)) operation['x-additionalQueryParameters'] = false;
}

function addErrorStatuses(document: Document, routes: RecordedRoute[]): Document {
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    ErrorBody: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }),
  };
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      const operation = document.paths?.[toOpenApiPath(route.url)]?.[method.toLowerCase()];
      if (!operation) continue;
      addStatuses(operation, { ...route, method });
      addAnswerTypes(operation, { ...route, method });
      addInputFacts(operation, route);
    }
  }
  return document;
}

async function generateDocument(routes: RecordedRoute[]): Promise<unknown> {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  // HEAD routes are recorded as the app registered them (its GET routes' automatic ones included).
  const docs = Fastify({ exposeHeadRoutes: false });
  docs.setValidatorCompiler(validatorCompiler);
  docs.setSerializerCompiler(serializerCompiler);
  await docs.register(fastifySwagger, {
    openapi: {
      info: { title: 'Airsoft target range — website and admin API', version: '1', description: DESCRIPTION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  for (const route of routes) docs.route({ ...route, handler: async () => undefined });
  await docs.ready();
  try {
    return addErrorStatuses(docs.swagger() as Document, routes);
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
