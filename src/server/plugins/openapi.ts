// The OpenAPI document, generated from the same zod schemas that validate requests and shape
// responses (DESIGN decision 2), served as JSON at /api/docs.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Register before any route, so every route is seen. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Airsoft target range — website and admin API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
