// /events.ics (every upcoming event, for "subscribe" or a one-off import) and /events/<id>.ics (one
// event, behind each card's "Add to calendar" link). Sent like the other cached public answers: ETag
// and 304, gzip or brotli, the API's security headers.
import type { FastifyInstance } from 'fastify';
import { MAX_ID } from '#shared/schemas/common.ts';
import { answerHeaders } from '../../lib/cached-answer.ts';
import { encodingHeaders, type CompressedBody, type Encoding } from '../../lib/compressed-body.ts';
import { CACHED_ANSWERS, replyCached, type CachedRoute } from '../../plugins/public-fast-lane.ts';
import type { SecurityHeaders } from '../../plugins/security-headers.ts';
import type { Calendar, EventFile } from './calendar.ts';

export const CALENDAR_FEED_PATH = '/events.ics';

const calendarHeaders = (body: CompressedBody, encoding: Encoding, filename: string) => ({
  'content-type': 'text/calendar; charset=utf-8',
  // Revalidated every time (an edit shows at once); the ETag makes that a 304.
  'cache-control': 'no-cache',
  // Phones hand a downloaded .ics to the calendar app; the name is what a desktop browser saves.
  'content-disposition': `attachment; filename="${filename}"`,
  ...encodingHeaders(body, encoding),
});

/** The feed, registered by plugins/public-fast-lane.ts (which answers it while current). */
export function calendarFeedRoute(calendar: Calendar): CachedRoute {
  return {
    path: CALENDAR_FEED_PATH,
    type: 'text/calendar',
    securityHeaders: 'api',
    peek: () => calendar.cachedFeed(),
    load: () => calendar.feed(),
    headers: (body, encoding) => calendarHeaders(body, encoding, 'events.ics'),
  };
}

/** Only plain spellings of an id in the column's range: '7.ics', not '07.ics' or '0x7.ics'. */
const EVENT_FILE = /^([1-9][0-9]{0,9})\.ics$/;

export function registerEventFileRoute(
  app: FastifyInstance,
  calendar: Calendar,
  security: SecurityHeaders,
): void {
  const headers = answerHeaders(security.api, (body, encoding) =>
    calendarHeaders(body, encoding, (body as EventFile).filename),
  );
  app.get<{ Params: { file: string } }>(
    '/events/:file',
    {
      config: {
        public: true,
        securityHeaders: 'api',
        answers: CACHED_ANSWERS,
        // Not an event file: the site's 404 page, as a link followed in a browser expects (JSON
        // when the server runs without the built pages).
        answerTypes: { 200: ['text/calendar'], 404: ['text/html', 'application/json'] },
      },
    },
    async (request, reply) => {
      const id = Number(EVENT_FILE.exec(request.params.file)?.[1] ?? Number.NaN);
      // A hidden, deleted or never-existing event, or a path that is no event file: the 404 page.
      const file = id <= MAX_ID ? await calendar.eventFile(id) : undefined;
      if (!file) return reply.callNotFound();
      replyCached(request, reply, file, headers);
    },
  );
}
