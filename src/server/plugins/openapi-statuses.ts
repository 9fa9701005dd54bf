// Every status a route can answer, for the OpenAPI document (issue 20, item 10; docs/decisions/0416).
// Most follow from the route's shape, the same facts the app acts on: a route that validates input can
// answer 400, one that reads a body 413 and 415, one with a path parameter 404 and 414, a guarded admin
// route 401 and 403, and any route 500, and 503 while the instance shuts down. What only the handler
// knows (a 409, a rate limit's 429, a 204 or 304) the route declares in `config.answers`.
import { STATUS_CODES } from 'node:http';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { ADMIN_PREFIX } from './auth-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Statuses only the handler knows it answers, each with what it means (for the OpenAPI document
     * only; the statuses that follow from the route's shape are added without being listed here).
     */
    answers?: Record<number, string>;
    /**
     * The content types of answers the handler writes itself rather than through a response schema
     * (a CSV, a calendar file, a picture, the HTML 404 page), by status, for the OpenAPI document.
     */
    answerTypes?: Record<number, readonly string[]>;
  }
}

export interface DocumentedRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  config?: FastifyContextConfig;
}

/** Methods whose requests Fastify reads a body for: malformed, too large or of another type. */
const READS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid: `detail` names the field, or says what is wrong with the body or address',
  401: 'No valid admin session: log in and send the token as `Authorization: Bearer …`',
  403: 'The session may not do this (its password must be changed first, or it needs a superadmin)',
  404: 'Nothing exists at this address',
  413: 'The request body is too large',
  414: 'A part of the address is too long',
  415: 'The body is not of a type this route reads',
  500: 'Something went wrong on the server',
  503: 'The instance is shutting down (or a service it needs is down); try again shortly',
};

/** What a status means for a route: its own words when it declares them, else the general ones. */
export function statusMeaning(route: DocumentedRoute, status: number): string {
  return route.config?.answers?.[status] ?? ERROR_MEANINGS[status] ?? STATUS_CODES[status] ?? 'Answer';
}

/** Needs an admin token (plugins/auth-guard.ts decides the same way). */
function isGuarded({ url, config }: DocumentedRoute): boolean {
  if (config?.public) return false;
  return url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || config?.auth === 'admin';
}

function shapeStatuses(route: DocumentedRoute): number[] {
  const { method, url, schema } = route;
  const hasParameter = /[:*]/.test(url);
  const readsBody = READS_BODY.has(method);
  const statuses = [500, 503];
  if (readsBody || hasParameter || schema?.body || schema?.querystring || schema?.params) statuses.push(400);
  if (readsBody) statuses.push(413, 415);
  if (hasParameter) statuses.push(404, 414);
  if (isGuarded(route)) {
    statuses.push(401);
    // Until a forced password change is done, only the routes that allow it answer anything but 403.
    if (!route.config?.allowDuringForcedPasswordChange || route.config.role) statuses.push(403);
  }
  return statuses;
}

/** Every status the route can answer besides those its response schema declares, in order. */
export function derivedStatuses(route: DocumentedRoute): number[] {
  const declared = [route.config?.answers, route.config?.answerTypes].flatMap((byStatus) =>
    Object.keys(byStatus ?? {}).map(Number),
  );
  return [...new Set([...shapeStatuses(route), ...declared])].sort((a, b) => a - b);
}
