import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { periodQuery } from '#shared/schemas/analytics.ts';
import { idParams, successResponse } from '#shared/schemas/common.ts';
import { bookingsBySourceResponse } from '#shared/schemas/enquiry-source.ts';
import {
  bulkDeleteRequest,
  captchaConfig,
  enquiriesDeleted,
  enquiryList,
  enquiryRequest,
  enquiryStatusUpdate,
  enquiryUpdated,
  notificationsResult,
} from '#shared/schemas/enquiries.ts';
import { enquiryFilterQuery, matchesEnquiryFilter } from '#shared/enquiry-filter.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { enquiriesCsv, enquiriesExportFileName } from './export.ts';
import { bookingsBySourceCsv, bookingsBySourceFileName } from './sources.ts';
import type { Captcha } from './captcha.ts';
import type { EnquiryLimits } from './limits.ts';
import type { EnquiriesService } from './service.ts';

/** The exports' answer, for the OpenAPI document. */
const CSV = { 200: ['text/csv'] };

export async function registerEnquiryRoutes(
  app: FastifyInstance,
  enquiries: EnquiriesService,
  captcha: Captcha,
  limits: EnquiryLimits,
  clock: Clock,
): Promise<void> {
  registerSubmissionRoutes(app, enquiries, captcha, limits);
  registerListRoutes(app, enquiries, clock);
  await registerNotificationRoutes(app, enquiries);
  registerEditRoutes(app, enquiries);
}

/** The public form's endpoints: the submission and its captcha. */
function registerSubmissionRoutes(
  app: FastifyInstance,
  enquiries: EnquiriesService,
  captcha: Captcha,
  limits: EnquiryLimits,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/enquiries',
    {
      // Counted before the body is read, like any request to the form: a flood is refused cheaply.
      onRequest: async (request) => limits.admitSubmission(request.ip),
      config: {
        answers: {
          429: 'Too many enquiries from this address: `Retry-After` says when to try again',
          503: 'The verification could not be checked just now',
        },
      },
      // A field an older cached form still sends is ignored: an enquiry is never lost over it, and
      // the document says extra fields are allowed.
      schema: {
        description:
          "Besides the fields: recaptchaToken must pass the site's captcha (ALTCHA by default), and a " +
          'preferred_date is today or later (London) and at most three years ahead; each is a 400.',
        body: enquiryRequest.loose(),
        response: { 200: successResponse },
      },
    },
    async (request) => {
      // The answer is the same for spam: a bot learns nothing from it.
      await enquiries.submit(request.body);
      return { success: true as const };
    },
  );

  api.get(
    '/api/captcha/challenge',
    {
      onRequest: async (request) => limits.admitChallenge(request.ip),
      config: {
        answers: {
          404: 'The captcha provider is not altcha: there is no challenge to fetch',
          429: 'Too many verification requests from this address: `Retry-After` says when to try again',
        },
        answerTypes: { 200: ['application/json'] },
      },
    },
    async (_request, reply) => {
      if (captcha.provider !== 'altcha')
        throw notFound(`No challenge to fetch: the captcha provider is ${captcha.provider}`);
      return reply.header('cache-control', 'no-store').send(await captcha.challenge());
    },
  );

  api.get('/api/captcha/config', { schema: { response: { 200: captchaConfig } } }, async () =>
    captcha.setup(),
  );
}

/** The admin's list, its CSV export, and the bookings by source. */
function registerListRoutes(app: FastifyInstance, enquiries: EnquiriesService, clock: Clock) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The list sits outside /api/admin (docs/product.md#api); it is still admin-only.
  api.get(
    '/api/enquiries',
    { config: { auth: 'admin' }, schema: { response: { 200: enquiryList } } },
    async () => ({
      success: true as const,
      enquiries: await enquiries.list(),
    }),
  );

  // Issue 16: the filtered list as CSV (the same filter the screen applies, src/shared/enquiry-filter.ts).
  api.get(
    '/api/admin/enquiries/export',
    { schema: { querystring: enquiryFilterQuery }, config: { answerTypes: CSV } },
    async (request, reply) => {
      const chosen = (await enquiries.list()).filter((e) => matchesEnquiryFilter(e, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${enquiriesExportFileName(clock.now())}"`)
        .send(enquiriesCsv(chosen));
    },
  );

  // Issue 17: where the period's enquiries came from, and how many of them are booked.
  api.get(
    '/api/admin/enquiries/by-source',
    { schema: { querystring: periodQuery, response: { 200: bookingsBySourceResponse } } },
    async (request) => ({
      success: true as const,
      days: request.query.days,
      ...(await enquiries.bySource(request.query.days)),
    }),
  );

  api.get(
    '/api/admin/enquiries/by-source/export',
    {
      schema: {
        description:
          'The report as CSV: source, visitors, enquiries, enquiry_percent, booked, booked_percent, ' +
          'confirmed_bookings, confirmed_value_gbp (quoted), received_gbp (docs/decisions/0474).',
        querystring: periodQuery,
      },
      config: { answerTypes: CSV },
    },
    async (request, reply) => {
      const report = await enquiries.bySource(request.query.days);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${bookingsBySourceFileName(clock.now(), request.query.days)}"`,
        )
        .header('cache-control', 'no-store')
        .send(bookingsBySourceCsv(report));
    },
  );
}

async function registerNotificationRoutes(app: FastifyInstance, enquiries: EnquiriesService) {
  // The call has an empty body. Clients differ in whether they still label it JSON, so an empty JSON
  // body is accepted here (elsewhere it is a 400).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, (body as string).trim() === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(badRequest('The request body is not valid JSON'), undefined);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/enquiries/send-notifications',
      {
        config: {
          answers: {
            409: 'Some notices wait for an address to send enquiries to',
            503: 'The mail server refused or could not be reached; the notices stay pending',
          },
        },
        schema: { response: { 200: notificationsResult } },
      },
      async () => {
        const { sent } = await enquiries.sendPending();
        return { success: true as const, message: `${sent} notification(s) sent`, sent };
      },
    );
  });
}

/** Deleting enquiries and setting their status. */
function registerEditRoutes(app: FastifyInstance, enquiries: EnquiriesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/enquiries/bulk-delete',
    {
      config: { answers: { 404: 'One of the ids names no enquiry; nothing was deleted' } },
      schema: {
        body: bulkDeleteRequest,
        response: { 200: enquiriesDeleted },
      },
    },
    async (request) => ({ success: true as const, deleted: await enquiries.removeMany(request.body) }),
  );

  api.delete(
    '/api/admin/enquiries/:id',
    { schema: { params: idParams, response: { 200: successResponse } } },
    async (request) => {
      await enquiries.remove(request.params.id);
      return { success: true as const };
    },
  );

  api.patch(
    '/api/admin/enquiries/:id',
    {
      schema: {
        params: idParams,
        body: enquiryStatusUpdate,
        response: { 200: enquiryUpdated },
      },
    },
    async (request) => ({
      success: true as const,
      enquiry: await enquiries.setStatus(request.params.id, request.body.status),
    }),
  );
}
