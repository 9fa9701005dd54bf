// Issue 15, property: whatever a client puts in any field, cookie or header, a tracking request the
// server accepts (2xx, queued) is stored, and nothing it sends can make the writer refuse or fail.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SECTION_EVENT_TYPES, TRACK_EVENT_TYPES } from '#shared/constants.ts';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Any UTF-16 code unit — lone surrogates, NUL, C1 controls, line separators — and a few known troublemakers. */
const unit = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0085', '\u2028', '\ufeff', '%00', '"', ';', '\\'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
const text = fc.string({ unit, maxLength: 40 });
const maybeText = fc.option(text, { nil: undefined });
/** A cookie value as it travels: plain characters and %XX escapes of any byte (invalid UTF-8 included). */
const cookieValue = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'Z', '0', '-', '_', '.'),
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const requestParts = fc.record({
  contentType: fc.constantFrom('application/json', 'text/plain;charset=UTF-8'),
  session: cookieValue,
  agentSuffix: text,
  referer: maybeText,
  forwarded: maybeText,
  fields: fc.record({
    page: maybeText,
    element: maybeText,
    session_id: maybeText,
    view_id: maybeText,
    referrer: maybeText,
    user_agent: maybeText,
    section_name: text,
    dwell_ms: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  }),
});

const storedCount = async (ctx: TestContext) =>
  Number(
    (
      await ctx.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase(
  'tracking stores every event it accepts, whatever the client sends',
  (ctx) => {
    it.each([
      ['/api/track', TRACK_EVENT_TYPES],
      ['/api/analytics/track', SECTION_EVENT_TYPES],
    ] as const)('%s', async (url, types) => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(requestParts, fc.constantFrom(...types), async (parts, eventType) => {
          const analytics = ctx().services.analytics;
          const before = { rows: await storedCount(ctx()), stats: analytics.stats() };
          const response = await ctx().request({
            method: 'POST',
            url,
            payload: JSON.stringify({ event_type: eventType, ...parts.fields }),
            headers: {
              'content-type': parts.contentType,
              cookie: `cookie_consent=true; session_id=${parts.session}`,
              'user-agent': `${BROWSER} ${parts.agentSuffix}`,
              ...(parts.referer === undefined ? {} : { referer: parts.referer }),
              ...(parts.forwarded === undefined ? {} : { 'x-forwarded-for': parts.forwarded }),
            },
          });
          await analytics.flush();
          const after = { rows: await storedCount(ctx()), stats: analytics.stats() };

          expect(response.statusCode, response.body).toBeLessThan(500);
          const queued = after.stats.accepted - before.stats.accepted;
          if (response.statusCode < 300) {
            // Accepted: stored — unless judged a bot, which is answered alike and counted apart.
            expect(queued + after.stats.dropped_bots - before.stats.dropped_bots).toBe(1);
          }
          expect(after.rows - before.rows).toBe(queued);
          expect(after.stats.dropped_refused).toBe(0);
          expect(after.stats.failed_flushes).toBe(0);
          accepted += queued;
        }),
        { numRuns: 120 },
      );
      // The property must have been exercised on accepted requests, not only on refusals.
      expect(accepted).toBeGreaterThan(30);
    });
  },
  {
    env: {
      TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: '1000000',
      TRACK_SESSION_RATE_LIMIT_PER_MINUTE: '1000000',
      TRUST_PROXY: '1',
    },
  },
);
