// The customer's page (docs/decisions/0473): /booking/<token>, its calendar file, and its two forms,
// posted as plain HTML forms and answered POST-redirect-GET. The token in the path is the only
// credential: there is no cookie a forged cross-site form could ride on, and without the token
// nothing can be asked. Like the owner's feed, these routes are not in the OpenAPI document (its
// examples cannot know a token) and their paths are kept out of the logs (lib/redact-query.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { controlRanges } from '#shared/control-characters.ts';
import type { AuditService } from '../audit/service.ts';
import { badRequest } from '../../lib/http-error.ts';
import { customerPageHtml, isDone, MESSAGE_PROBLEMS, type PageOptions } from './customer-page-html.ts';
import { CUSTOMER_ACCEPT_ROUTE, CUSTOMER_MESSAGE_ROUTE } from './customer-link.ts';
import type { MessageOutcome } from './customer-page.ts';
import type { BookingsService } from './service.ts';

type Customer = BookingsService['customer'];
interface TokenRequest {
  Params: { token: string };
}
interface FormRequest extends TokenRequest {
  Body: Record<string, string>;
}

/** The body of a form; a field holding a control character (but tab and line breaks) is a 400. */
const CONTROL = new RegExp(`[${controlRanges('\t\n\r')}]`);
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (CONTROL.test(value)) throw badRequest(`${name}: must not contain control characters`);
    fields[name] = value;
  }
  return fields;
}

/** Status of a refused message: a field to correct (400), too many (429), or a booking now closed (409). */
const REFUSED_STATUS: Record<Exclude<MessageOutcome, 'sent'>, number> = {
  empty: 400,
  'too-long': 400,
  control: 400,
  'too-many': 429,
  closed: 409,
};

/** The audit log's entry for what the customer did, named as the customer's (no admin). */
export const CUSTOMER_ACTOR = 'The customer, on their booking page';

export function registerCustomerPageRoutes(
  app: FastifyInstance,
  customer: Customer,
  audit: Pick<AuditService, 'record'>,
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        try {
          done(null, parseForm(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    // Every answer of these routes, the 404 included: never kept, never indexed, never referred on.
    scope.addHook('onRequest', (_request, reply, done) => {
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
      done();
    });
    registerPageRoutes(scope, customer);
    registerFormRoutes(scope, customer, audit);
  });
}

const ROUTE_CONFIG = { public: true, securityHeaders: 'page' } as const;

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(html);

async function answerPage(
  customer: Customer,
  request: FastifyRequest<TokenRequest>,
  reply: FastifyReply,
  options: Omit<PageOptions, 'token'> & { status?: number },
) {
  const view = await customer.page(request.params.token);
  if (!view) return reply.callNotFound();
  return sendPage(
    reply,
    options.status ?? 200,
    customerPageHtml(view, { ...options, token: request.params.token }),
  );
}

function registerPageRoutes(scope: FastifyInstance, customer: Customer) {
  scope.get<TokenRequest & { Querystring: { done?: string } }>(
    '/booking/:token',
    { config: ROUTE_CONFIG, schema: { hide: true } },
    async (request, reply) => {
      customer.admit(request.ip, 'read');
      const done = request.query.done;
      return answerPage(customer, request, reply, isDone(done) ? { done } : {});
    },
  );
  scope.get<TokenRequest>(
    '/booking/:token/booking.ics',
    { config: { public: true, securityHeaders: 'api' }, schema: { hide: true } },
    async (request, reply) => {
      customer.admit(request.ip, 'read');
      const file = await customer.calendarFile(request.params.token);
      if (file === undefined) return reply.callNotFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(file);
    },
  );
}

function registerFormRoutes(scope: FastifyInstance, customer: Customer, audit: Pick<AuditService, 'record'>) {
  const record = (request: FastifyRequest, action: string, route: string, bookingId: number) =>
    audit.record({
      adminId: null,
      actor: CUSTOMER_ACTOR,
      action,
      method: 'POST',
      route,
      targetId: bookingId,
      ip: request.ip,
    });
  const back = (reply: FastifyReply, token: string, done: string) =>
    reply.redirect(`/booking/${encodeURIComponent(token)}?done=${done}`, 303);

  scope.post<FormRequest>(
    CUSTOMER_ACCEPT_ROUTE,
    { config: ROUTE_CONFIG, schema: { hide: true } },
    async (request, reply) => {
      customer.admit(request.ip, 'write');
      const id = await customer.bookingOf(request.params.token);
      if (id === undefined) return reply.callNotFound();
      const seen = request.body?.seen ?? '';
      if (!/^[1-9][0-9]{0,9}$/.test(seen))
        throw badRequest('seen: must be the version of the booking the page showed');
      const outcome = await customer.accept(id, Number(seen));
      if (outcome === 'accepted')
        await record(request, 'booking.accepted_by_customer', CUSTOMER_ACCEPT_ROUTE, id);
      return back(reply, request.params.token, outcome);
    },
  );

  scope.post<FormRequest>(
    CUSTOMER_MESSAGE_ROUTE,
    { config: ROUTE_CONFIG, schema: { hide: true } },
    async (request, reply) => {
      customer.admit(request.ip, 'write');
      const id = await customer.bookingOf(request.params.token);
      if (id === undefined) return reply.callNotFound();
      const draft = request.body?.message ?? '';
      const outcome = await customer.ask(id, draft);
      if (outcome === 'sent') {
        await record(request, 'booking.customer_message', CUSTOMER_MESSAGE_ROUTE, id);
        return back(reply, request.params.token, 'sent');
      }
      // Refused: the page again, with what they typed and why, so nothing they wrote is lost.
      return answerPage(customer, request, reply, {
        status: REFUSED_STATUS[outcome],
        draft,
        problem: MESSAGE_PROBLEMS[outcome],
      });
    },
  );
}
