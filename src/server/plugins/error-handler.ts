// One place turns every failure into the `{detail, code}` body the clients read (docs/product.md#api),
// with the usual security headers: errors of handlers and hooks (Fastify's error handler), addresses
// the router refuses before any hook runs (malformed or over-long), and requests Node's HTTP parser
// refuses before Fastify sees them.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '#shared/errors.ts';
import { describeIssue, HttpError } from '../lib/http-error.ts';
import type { AdminGate } from './auth-guard.ts';
import type { SecurityHeaders } from './security-headers.ts';

interface KnownError {
  status: number;
  code: string;
  detail: string;
}

const tooLarge = (detail: string): KnownError => ({ status: 413, code: ERROR_CODES.payloadTooLarge, detail });
const invalid = (detail: string): KnownError => ({ status: 400, code: ERROR_CODES.validation, detail });
const malformed = (detail: string): KnownError => ({ status: 400, code: ERROR_CODES.badRequest, detail });
const oneFile = tooLarge('Send one file per upload, in the field "file"');

/** Fastify's and @fastify/multipart's client errors, in words a form can show. */
const FASTIFY_CLIENT_ERRORS: Record<string, KnownError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: invalid('The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: invalid('The request body is empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: malformed('The Content-Length header does not match the body'),
  FST_ERR_CTP_BODY_TOO_LARGE: tooLarge('The request body is too large'),
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
  FST_PARTS_LIMIT: oneFile,
  FST_FILES_LIMIT: oneFile,
  FST_FIELDS_LIMIT: oneFile,
  FST_REQ_FILE_TOO_LARGE: tooLarge('The file is too large'),
  FST_PROTO_VIOLATION: invalid('The upload has a field name that is not allowed'),
  FST_INVALID_JSON_FIELD_ERROR: invalid('A field of the upload is not valid JSON'),
  FST_MP_PREMATURE_CLOSE: malformed('The upload ended before the file was complete'),
  // Raised by the router, before any hook: see answerRoutingError.
  FST_ERR_BAD_URL: malformed('The address is not valid (malformed %-encoding)'),
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: ERROR_CODES.uriTooLong,
    detail: 'A part of the address is too long',
  },
};

/** Other 4xx errors keep their status and message but get one of our codes, never Fastify's own. */
const CODE_BY_STATUS: Record<number, string> = {
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  414: ERROR_CODES.uriTooLong,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

const INTERNAL: KnownError = {
  status: 500,
  code: ERROR_CODES.internal,
  detail: 'Something went wrong on our side. Please try again.',
};

/** The status and body for any error, and whether it is ours to log (5xx). */
function answerFor(error: FastifyError): KnownError & { headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, code: error.code, detail: error.detail, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const where =
      error.validationContext === 'body' || !error.validationContext ? '' : `${error.validationContext} `;
    const path = first ? first.instancePath.replace(/^\//, '').split('/').filter(Boolean) : [];
    return invalid(`${where}${describeIssue({ path, message: first?.message ?? 'is invalid' })}`.trim());
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, detail: error.message };
  }
  return INTERNAL;
}

function send(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: SecurityHeaders,
): FastifyReply {
  const answer = answerFor(error);
  if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
  // Set up front by the headers hook; checked here too, so no error can leave without them.
  if (!reply.hasHeader('content-security-policy')) reply.headers(headers.api);
  if (!reply.hasHeader('x-request-id')) reply.header('x-request-id', request.id);
  const body: ErrorBody = { detail: answer.detail, code: answer.code };
  return reply
    .headers(answer.headers ?? {})
    .code(answer.status)
    .send(body);
}

export function registerErrorHandler(app: FastifyInstance, headers: SecurityHeaders): void {
  app.setErrorHandler((error: FastifyError, request, reply) => send(error, request, reply, headers));
}

/**
 * Fastify's `frameworkErrors`: the router refused the address (bad %-encoding, a segment over
 * maxParamLength) before any hook ran. Under /api/admin the token is checked first, so an anonymous
 * caller gets the same 401 there whatever the address.
 */
export function createRoutingErrorHandler(headers: SecurityHeaders, gate: AdminGate) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers.api).header('x-request-id', request.id);
    const admission = gate.check(request, reply);
    if (!admission) {
      send(error, request, reply, headers);
      return;
    }
    admission.then(
      () => send(error, request, reply, headers),
      (refusal: FastifyError) => send(refusal, request, reply, headers),
    );
  };
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request (malformed, headers too large,
 * too slow), so there is no request to route; the answer is still `{detail, code}` with the headers.
 */
export function createClientErrorHandler(headers: SecurityHeaders) {
  const headerLines = Object.entries(headers.api)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    // The client went away: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer: KnownError =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { ...malformed('The request took too long to arrive'), status: 408 }
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? { ...malformed('The request headers are too large'), status: 431 }
          : malformed('The request is not valid HTTP');
    const body = JSON.stringify({ detail: answer.detail, code: answer.code } satisfies ErrorBody);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${headerLines}` +
          `x-request-id: ${randomUUID()}\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
