// Admin calls refuse what they do not take (issue 26, item 9; docs/decisions/0437). A body field or
// query parameter an admin route does not declare is a client's mistake (a renamed field, a typo) that
// would otherwise be dropped without a word; so every /api/admin route's object body and query refuse
// them with a 400 that names them, and the OpenAPI document, generated from the same schemas, says
// `additionalProperties: false`. The admin client is the only caller and is never cached, so it
// always sends what the server takes. Public calls decide for themselves: the enquiry form and the
// tracking calls accept extras an older cached page may still send, and say so (`.loose()`).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { refusingExtras } from '#shared/schemas/common.ts';
import { ADMIN_PREFIX } from './auth-guard.ts';

const STRICT_PARTS = ['body', 'querystring'] as const;

const isAdminRoute = ({ url, config }: Pick<RouteOptions, 'url' | 'config'>) =>
  url.startsWith(`${ADMIN_PREFIX}/`) || (config as { auth?: string } | undefined)?.auth === 'admin';

/** An object schema that would drop unknown keys: neither strict nor loose already. */
const dropsExtras = (schema: unknown): schema is z.ZodObject =>
  schema instanceof z.ZodObject && schema.def.catchall === undefined;

/** Register before the routes and before the OpenAPI document records them, so both see the change. */
export function registerStrictAdminInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || !isAdminRoute(route)) return;
    const schema = { ...route.schema };
    for (const part of STRICT_PARTS) {
      const declared = schema[part];
      if (dropsExtras(declared)) schema[part] = refusingExtras(declared);
    }
    route.schema = schema;
  });
}
