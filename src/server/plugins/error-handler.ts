// One place turns every failure into the `{detail, code}` body the clients read (DESIGN decision 4).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '#shared/errors.ts';
import { describeIssue, HttpError } from '../lib/http-error.ts';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validation,
    detail: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validation,
    detail: 'The request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.payloadTooLarge,
    detail: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    detail: 'Unsupported content type; send JSON',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    detail: 'Send the file as multipart/form-data',
  },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.detail);
      return reply
        .headers(error.headers)
        .code(error.statusCode)
        .send({ detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const where =
        error.validationContext === 'body' || !error.validationContext ? '' : `${error.validationContext} `;
      const path = first ? first.instancePath.replace(/^\//, '').split('/').filter(Boolean) : [];
      return send(400, {
        detail: `${where}${describeIssue({ path, message: first?.message ?? 'is invalid' })}`.trim(),
        code: ERROR_CODES.validation,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(known.status, { detail: known.detail, code: known.code });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { detail: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, {
      detail: 'Something went wrong on our side. Please try again.',
      code: ERROR_CODES.internal,
    });
  });
}
