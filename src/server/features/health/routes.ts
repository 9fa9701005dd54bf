import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES } from '#shared/errors.ts';
import type { Db } from '../../db/database.ts';

export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ detail: 'The database is unreachable', code: ERROR_CODES.unavailable });
    }
  });
}
