import type { z } from 'zod';
import { ERROR_CODES } from '#shared/errors.ts';

/** An error whose `detail` is safe and useful to show the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, ERROR_CODES.validation, detail);
export const unauthorized = (detail = 'Authentication required') =>
  new HttpError(401, ERROR_CODES.unauthorized, detail);
export const forbidden = (detail: string) => new HttpError(403, ERROR_CODES.forbidden, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, ERROR_CODES.notFound, detail);
export const conflict = (detail: string) => new HttpError(409, ERROR_CODES.conflict, detail);

/** "rating: must be at most 5" — the first problem, naming the field, as a sentence a form can show. */
export function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parses with a schema and turns the first problem into a 400 that names the field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw badRequest(issue ? describeIssue(issue) : 'Invalid request');
  }
  return result.data;
}
