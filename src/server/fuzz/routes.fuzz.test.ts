// Property tests over every JSON API route the app registers (issue 9 "Fuzzing"), as a superadmin and
// as an anonymous caller. Whatever arrives: no 5xx, every error is exactly `{detail, code}`, a
// refused request changes no row, an anonymous admin request is a 401, and an id that is not a
// positive decimal integer is refused before anything is looked up.
//
// Reproducible: the seed is fixed (FUZZ_SEED overrides it) and printed with every failure, with the
// path that replays it. FUZZ_RUNS sets the runs per route and caller. See
// docs/decisions/0404-proof-tests-and-fuzzing.md.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MIN_FILL_TIME_MS } from '#shared/constants.ts';
import { describeEachDatabase, type AdminSession, type TestContext } from '../testing/harness.ts';
import {
  MALFORMED_IDS,
  disguisedIds,
  requestArbitrary,
  routeShape,
  type FuzzRequest,
  type OpenApiDocument,
  type RouteShape,
} from '../testing/fuzz-requests.ts';
import {
  applicationTables,
  changedTables,
  snapshotTables,
  type TableSnapshot,
} from '../testing/table-snapshot.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260615);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

// Tables whose purpose is to record attempts, refused ones included: failed sign-ins count towards
// the brute-force limits and appear in the audit log, rate limits count every hit, and a captcha
// solution is spent whether or not the rest of the enquiry is valid.
const ATTEMPT_RECORDS = new Set(['auth_attempts', 'audit_log', 'rate_limit_hits', 'captcha_solutions']);

/** A valid item of each content kind, created before fuzzing so ids point at real rows. */
const CONTENT_SEEDS: Record<string, Record<string, unknown>> = {
  // A listing (no crew): the seeds share one day, which events that need the crew cannot (decision 0468).
  events: {
    name: 'Summer Fest',
    location: 'Reading',
    date: '2026-07-01',
    image_url: '/uploads/a.jpg',
    needs_crew: false,
  },
  logos: { name: 'Acme', logo_url: '/uploads/logo.png', website_url: 'https://acme.example' },
  badges: { name: 'Insured', badge_url: '/uploads/badge.png', description: 'Fully insured' },
  gallery: { title: 'Targets', image_url: '/uploads/t.jpg', alt_text: 'Steel targets', section: 'hero' },
  videos: { title: 'Demo', video_type: 'youtube', video_url: 'https://youtu.be/abc', category: 'demo' },
  testimonials: { client_name: 'Sam', company: 'Acme', testimonial_text: 'Brilliant day', rating: 5 },
};
const SEEDS_PER_KIND = 3;

type Caller = 'superadmin' | 'anonymous';

interface FuzzState {
  /** The superadmin the requests are sent as; none for anonymous callers. */
  admin?: AdminSession;
  token?: string;
  /** The watched tables as the last request left them. */
  baseline: TableSnapshot;
  watched: string[];
}

/** An enquiry through the public form, with the captcha solved as the ALTCHA widget would. */
async function submitEnquiry(ctx: TestContext, n: number): Promise<void> {
  // From an address of its own: the fuzzing before may have used up the limits of the default one.
  const remoteAddress = `198.51.100.${n + 1}`;
  const issued = await ctx.request({ method: 'GET', url: '/api/captcha/challenge', remoteAddress });
  expect(issued.statusCode, issued.body).toBe(200);
  const challenge = issued.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  ctx.clock.advance(MIN_FILL_TIME_MS); // a person takes a moment to fill the form in
  const response = await ctx.request({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress,
    payload: {
      name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      organisation: 'Club',
      message: 'Hello',
      recaptchaToken: token,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function seed(ctx: TestContext, token: string): Promise<void> {
  for (const [kind, body] of Object.entries(CONTENT_SEEDS)) {
    for (let i = 0; i < SEEDS_PER_KIND; i += 1) {
      const response = await ctx.request({ method: 'POST', url: `/api/admin/${kind}`, token, payload: body });
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(201);
    }
  }
  await ctx.loginAs({ role: 'admin' });
  for (let i = 0; i < SEEDS_PER_KIND; i += 1) await submitEnquiry(ctx, i);
}

/** Ids of the rows a `:id` route addresses: `/api/admin/users/:id` → admin_users, and so on. */
async function existingIds(ctx: TestContext, route: RouteShape, tables: string[]): Promise<number[]> {
  const collection = /^\/api\/admin\/([\w-]+)\/:/.exec(route.route.url)?.[1];
  const table = [collection, `admin_${collection}`].find((name) => name && tables.includes(name));
  if (!table) return [];
  const rows = await ctx.db
    .withTables<Record<string, { id: number }>>()
    .selectFrom(table)
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Requests tried on every `:id` route before the random ones: each malformed id, and each disguise of a real one. */
function fixedRequests(shape: RouteShape, ids: number[]): FuzzRequest[] {
  if (!shape.params.includes('id')) return [];
  const disguised = ids.length ? disguisedIds(ids[ids.length - 1]!) : [];
  return [...MALFORMED_IDS, ...disguised].map((id) => ({
    method: shape.route.method,
    url: shape.route.url.replace(':id', id),
    malformedId: true,
  }));
}

function problemsWith(
  response: { statusCode: number; body: string },
  request: FuzzRequest,
  caller: Caller,
  shape: RouteShape,
  changed: string[],
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${response.body.slice(0, 300)}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      problems.push(`error body is not JSON: ${response.body.slice(0, 120)}`);
    }
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
    const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
    if (keys !== 'code,detail' || typeof detail !== 'string' || !detail || typeof code !== 'string' || !code)
      problems.push(`error body is not exactly {detail, code}: ${response.body.slice(0, 160)}`);
    if (changed.length) problems.push(`refused with ${status} but changed ${changed.join(', ')}`);
  }
  const guarded = shape.route.url.startsWith('/api/admin') && !shape.route.public;
  if (caller === 'anonymous' && guarded && status !== 401) problems.push(`anonymous got ${status}, not 401`);
  // 400, or the body's own refusal (413, 415) or an address too long to route (414) if that came
  // first: never looked up, so never 2xx, 403 or 404.
  if (caller === 'superadmin' && request.malformedId && ![400, 413, 414, 415].includes(status))
    problems.push(`malformed id answered ${status}, not 400`);
  return problems;
}

const describeRequest = (request: FuzzRequest) =>
  JSON.stringify({ ...request, payload: request.payload && request.payload.slice(0, 200) });

describeEachDatabase(
  'fuzzing every API route',
  (ctx) => {
    /** Sends one request and returns what is wrong with the answer (nothing, usually). */
    async function probe(
      request: FuzzRequest,
      caller: Caller,
      shape: RouteShape,
      state: FuzzState,
    ): Promise<string[]> {
      // Logging out is a success like any other; sign in again to keep fuzzing as a superadmin (as
      // a new one if the fuzzer happened to change the password).
      if (state.admin && !(await ctx().services.accounts.authenticate(state.token!))) {
        const { email, password } = state.admin;
        state.token = await ctx()
          .services.accounts.login(email, password)
          .then(({ access_token }) => access_token)
          .catch(async () => (await ctx().loginAs()).token);
        state.baseline = await snapshotTables(ctx().db, state.watched);
      }
      const response = await ctx().request({
        method: request.method as 'GET',
        url: request.url,
        payload: request.payload,
        headers: request.contentType ? { 'content-type': request.contentType } : {},
        token: state.token,
      });
      // Work a request started in the background (e-mails, reset tokens) belongs to it.
      await ctx().services.background.settled();
      const after = await snapshotTables(ctx().db, state.watched);
      const changed = changedTables(state.baseline, after);
      state.baseline = after;
      return problemsWith(response, request, caller, shape, changed);
    }

    for (const caller of ['superadmin', 'anonymous'] as const) {
      it(
        `no 5xx, only {detail, code} errors, no change on refusal, as ${caller}`,
        { timeout: 300_000 },
        async () => {
          // The ALTCHA library checks a challenge's expiry against the real clock.
          ctx().clock.set(Date.now());
          const boss = await ctx().loginAs();
          await seed(ctx(), boss.token);
          const doc = (await ctx().request({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
          const tables = await applicationTables(ctx().db);
          const watched = tables.filter((table) => !ATTEMPT_RECORDS.has(table));
          const state: FuzzState = {
            admin: caller === 'superadmin' ? boss : undefined,
            token: caller === 'superadmin' ? boss.token : undefined,
            baseline: await snapshotTables(ctx().db, watched),
            watched,
          };
          const shapes = ctx()
            .routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
            .map((route) => routeShape(route, doc));
          expect(shapes.length).toBeGreaterThan(50);

          const failures: string[] = [];
          for (const [index, shape] of shapes.entries()) {
            const key = `${shape.route.method} ${shape.route.url} as ${caller}`;
            const ids = await existingIds(ctx(), shape, tables);

            for (const request of fixedRequests(shape, ids)) {
              const problems = await probe(request, caller, shape, state);
              if (problems.length)
                failures.push(`${key}: ${problems.join('; ')}\n    request: ${describeRequest(request)}`);
            }

            const result = await fc.check(
              fc.asyncProperty(requestArbitrary(shape, ids), async (request) => {
                const problems = await probe(request, caller, shape, state);
                if (problems.length) throw new Error(problems.join('; '));
              }),
              // Each route its own stream of values, all derived from the one seed.
              { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
            );
            if (result.failed) {
              const [request] = result.counterexample ?? [];
              const error = result.errorInstance;
              failures.push(
                `${key}: ${error instanceof Error ? error.message : String(error)}\n` +
                  `    request: ${request ? describeRequest(request) : '?'}\n` +
                  `    replay: FUZZ_SEED=${SEED} (route seed ${result.seed}, run ${result.counterexamplePath})`,
              );
            }
          }
          expect(
            failures,
            `${failures.length} failure(s) with seed ${SEED}:\n${failures.join('\n')}`,
          ).toEqual([]);
        },
      );
    }
  },
  { env: { ALTCHA_MAX_NUMBER: '1000', ENQUIRY_RATE_LIMIT_MAX: '1000', NOTIFY_EMAIL: 'bookings@range.test' } },
);
