// One access-log line and one count per answer (issue 20), whether the fast lane or Fastify sent it.
// Fastify's own two request lines are off (disableRequestLogging); this hook replaces them with one
// line carrying what an operator greps for: request id, method, path, route, status, bytes, duration
// and client address. Successful tracking beacons are only counted: they are most of the traffic and
// say nothing one by one (their failures are still logged).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redactUrl } from '../lib/redact-query.ts';
import { bytesSent } from '../plugins/public-fast-lane.ts';
import type { AnswerObserver } from './answer.ts';
import type { Metrics } from './metrics.ts';

/** The routes whose successful answers are counted, not logged. */
const QUIET_WHEN_OK = new Set(['/api/track', '/api/analytics/track']);

const UNMATCHED = '(unmatched)';
const LEVELS_WITH_INFO = new Set(['info', 'debug', 'trace']);

export function createAnswerObserver(log: FastifyBaseLogger, metrics: Metrics): AnswerObserver {
  return (answer) => {
    metrics.observeAnswer(answer);
    if (answer.status < 400 && QUIET_WHEN_OK.has(answer.route)) return;
    // Building the line costs more than pino's check, so skip it when info is off (the bench's warn).
    if (!LEVELS_WITH_INFO.has(log.level)) return;
    log.info(
      {
        reqId: answer.id,
        method: answer.method,
        url: redactUrl(answer.url),
        route: answer.route,
        status: answer.status,
        bytes: answer.bytes,
        ms: Math.round(answer.durationMs * 100) / 100,
        client: answer.client,
        ...(answer.lane ? { lane: true } : {}),
      },
      'answered',
    );
  };
}

/** Observes every answer Fastify sends (the lane observes its own). */
export function registerAnswerObserver(app: FastifyInstance, observe: AnswerObserver): void {
  // A callback hook: it runs for every request that reaches Fastify.
  app.addHook('onResponse', (request, reply, done) => {
    const length = reply.getHeader('content-length');
    observe({
      id: request.id,
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? UNMATCHED,
      status: reply.statusCode,
      bytes: bytesSent.get(reply.raw) ?? (length === undefined ? 0 : Number(length)),
      durationMs: reply.elapsedTime,
      client: request.ip,
      lane: false,
    });
    done();
  });
}
