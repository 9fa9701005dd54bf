// Liveness and readiness (issue 20). `/api/health` says the process answers and reaches its database;
// `/api/ready` says whether a proxy should send it traffic: the schema is current, the database
// answers, the analytics writer is not stuck, and the instance is not shutting down — so a proxy
// drains an instance before it stops.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES } from '#shared/errors.ts';
import type { Db } from '../../db/database.ts';
import { migrationsCurrent } from '../../db/migrate.ts';

export interface Readiness {
  /** Set at the first moment of shutdown. */
  stopping: boolean;
  /** Why analytics writes are stuck (the writer reports it), or null. */
  writerStuckSince(): string | null;
}

const unavailable = (detail: string) => ({ detail, code: ERROR_CODES.unavailable });

export function registerHealthRoutes(app: FastifyInstance, db: Db, readiness: Readiness): void {
  app.get(
    '/api/health',
    {
      config: { answers: { 503: 'The database is unreachable' }, answerTypes: { 200: ['application/json'] } },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(unavailable('The database is unreachable'));
      }
    },
  );

  const notReady =
    'Not serving: shutting down, the database unreachable or behind, or analytics writes failing';
  const config = { answers: { 503: notReady }, answerTypes: { 200: ['application/json'] } };
  app.get('/api/ready', { config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.stopping) return reply.code(503).send(unavailable('This instance is shutting down'));
    let current: boolean;
    try {
      current = await migrationsCurrent(db);
    } catch {
      return reply.code(503).send(unavailable('The database is unreachable'));
    }
    if (!current) return reply.code(503).send(unavailable('The database schema is not up to date yet'));
    const stuckSince = readiness.writerStuckSince();
    if (stuckSince)
      return reply.code(503).send(unavailable(`Analytics writes have failed since ${stuckSince}`));
    return reply.send({ status: 'ready' });
  });
}
