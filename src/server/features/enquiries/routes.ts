import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '#shared/errors.ts';
import { idParams, successResponse } from '#shared/schemas/common.ts';
import {
  bulkDeleteRequest,
  captchaConfig,
  enquiry,
  enquiryList,
  enquiryRequest,
  enquiryStatusUpdate,
  notificationsResult,
} from '#shared/schemas/enquiries.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Captcha } from './captcha.ts';
import type { EnquiriesService } from './service.ts';

export interface EnquiryRouteOptions {
  rateLimit: { max: number; windowMs: number };
}

/** Challenges are cheap to make but not free; a person needs a few per visit. */
const CHALLENGES_PER_MINUTE = 30;
const MINUTE_MS = 60 * 1000;

const tooMany = (what: string) => (_request: FastifyRequest, context: { ttl: number; after: string }) =>
  new HttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many ${what} from your address. Please try again in ${context.after}.`,
    {
      'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
    },
  );

export async function registerEnquiryRoutes(
  app: FastifyInstance,
  enquiries: EnquiriesService,
  captcha: Captcha,
  options: EnquiryRouteOptions,
): Promise<void> {
  // Public routes with their own per-address limits, in a scope of their own so the rate-limit
  // plugin touches nothing else.
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/enquiries',
      {
        config: {
          rateLimit: {
            max: options.rateLimit.max,
            timeWindow: options.rateLimit.windowMs,
            keyGenerator: (request) => request.ip,
            errorResponseBuilder: tooMany('enquiries'),
          },
        },
        schema: { body: enquiryRequest, response: { 200: successResponse } },
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
        config: {
          rateLimit: {
            max: CHALLENGES_PER_MINUTE,
            timeWindow: MINUTE_MS,
            keyGenerator: (request) => request.ip,
            errorResponseBuilder: tooMany('verification requests'),
          },
        },
      },
      async (_request, reply) => {
        if (captcha.provider !== 'altcha')
          throw notFound(`No challenge to fetch: the captcha provider is ${captcha.provider}`);
        return reply.header('cache-control', 'no-store').send(await captcha.challenge());
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/captcha/config', { schema: { response: { 200: captchaConfig } } }, async () =>
    captcha.setup(),
  );

  // SPEC §7 puts the list outside /api/admin; it is still admin-only.
  api.get(
    '/api/enquiries',
    { config: { auth: 'admin' }, schema: { response: { 200: enquiryList } } },
    async () => ({
      success: true as const,
      enquiries: await enquiries.list(),
    }),
  );

  // SPEC §7: "empty body". Clients differ in whether they still label it JSON, so an empty JSON
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
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/admin/enquiries/send-notifications',
        { schema: { response: { 200: notificationsResult } } },
        async () => {
          const { sent } = await enquiries.sendPending();
          return { success: true as const, message: `${sent} notification(s) sent` };
        },
      );
  });

  api.post(
    '/api/admin/enquiries/bulk-delete',
    {
      schema: {
        body: bulkDeleteRequest,
        response: { 200: successResponse.extend({ deleted: z.number() }) },
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
        response: { 200: z.object({ success: z.literal(true), enquiry }) },
      },
    },
    async (request) => ({
      success: true as const,
      enquiry: await enquiries.setStatus(request.params.id, request.body.status),
    }),
  );
}
