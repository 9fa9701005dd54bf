import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const GIVEN_ID = /^[\w-]{8,64}$/;

/**
 * The id a response carries in `x-request-id` and its log lines carry as `reqId`: the caller's own
 * (a proxy's, so one request can be followed through both logs) when it is a plain token, else new.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}
