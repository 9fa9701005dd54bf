// Property test over every API route that takes a date or a time (issue 35 item 4; decisions 0458
// and 0459), on both databases. The routes are found in the app's own OpenAPI document (a field of
// format date or date-time, or named *_time), so a new one is covered without touching this file.
// Each run sends a valid request with its date and time fields replaced by edge values — years 0 to
// 9999 and beyond, 30 February, the hours UK clocks skip or repeat, nonsense — then confirms any
// booking it made and reads both calendars. Whatever arrives: no 5xx; a refusal is {detail, code};
// what is accepted lies in 2000–2099 and is no skipped or repeated time; every DTSTART and DTEND
// the calendars write is a real day.
//
// Reproducible: the seed is fixed (FUZZ_SEED overrides it); FUZZ_RUNS sets the runs per route.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { londonClockChange } from '#shared/london-time.ts';
import { DATE_RANGE } from '#shared/constants.ts';
import { BOOKING_DETAILS } from '../testing/bookings.ts';
import { storeEnquiry } from '../testing/enquiries.ts';
import { routeShape, type OpenApiDocument, type RouteShape } from '../testing/fuzz-requests.ts';
import type { JsonSchema } from '../testing/fuzz-values.ts';
import { describeEachDatabase, type TestContext } from '../testing/harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260615);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

type DateKind = 'day' | 'instant' | 'time';
interface DateField {
  name: string;
  kind: DateKind;
  inQuery: boolean;
  schema: JsonSchema;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const EDGE_DAYS = [
  ...['9999-12-31', '0000-01-01', '1999-12-31', '2000-01-01', '2099-12-31', '2100-01-01', '2026-02-29'],
  ...['2028-02-29', '2000-02-29', '2100-02-29', '2027-03-28', '2026-10-25', '2026-06-15', '2026-06-14'],
  ...['+275760-09-13', '-000001-01-01', '+010000-01-01', '20260701', ' 2026-07-01', '2026-7-1', ''],
];
const day = fc.oneof(
  fc.constantFrom(...EDGE_DAYS),
  fc
    .record({
      y: fc.integer({ min: 0, max: 9999 }),
      m: fc.integer({ min: 0, max: 13 }),
      d: fc.integer({ min: 0, max: 32 }),
    })
    .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().split('T')[0]!),
  fc
    .integer({ min: 2026, max: 2028 })
    .chain((y) =>
      fc
        .record({ m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
        .map(({ m, d }) => `${y}-${pad(m)}-${pad(d)}`),
    ),
);
const time = fc.oneof(
  fc.constantFrom('00:59', '01:00', '01:30', '01:59', '02:00', '09:00', '23:59', '24:00', '12:60', ''),
  fc
    .record({ h: fc.integer({ min: 0, max: 25 }), m: fc.integer({ min: 0, max: 61 }) })
    .map(({ h, m }) => `${pad(h)}:${pad(m)}`),
);
const instant = fc.oneof(
  fc
    .tuple(day, time, fc.constantFrom('Z', '+01:00', '-12:00', '+14:00', '', '+24:00'))
    .map(([d, t, offset]) => `${d}T${t}:00${offset}`),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);
const VALUES: Record<DateKind, fc.Arbitrary<unknown>> = {
  day: fc.oneof(day, fc.constant(null)),
  instant: fc.oneof(instant, fc.constant(null), fc.constant('')),
  time: fc.oneof(time, fc.constant(null)),
};

function kindOf(name: string, schema: JsonSchema): DateKind | undefined {
  const formats = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(
    (part) => (part as { format?: string }).format,
  );
  if (formats.includes('date')) return 'day';
  if (formats.includes('date-time')) return 'instant';
  return name.endsWith('_time') ? 'time' : undefined;
}

function dateFields(shape: RouteShape): DateField[] {
  const fields = shape.query.map(({ name, schema }) => ({
    name,
    kind: kindOf(name, schema),
    inQuery: true,
    schema,
  }));
  for (const [name, schema] of Object.entries(shape.body?.properties ?? {}))
    fields.push({ name, kind: kindOf(name, schema), inQuery: false, schema });
  return fields.filter((field): field is DateField => field.kind !== undefined);
}

/** The document says the range: a day or instant past it matches none of the field's patterns. */
function documentedPastRange({ kind, schema }: DateField): boolean {
  if (kind === 'time') return true;
  const late = kind === 'day' ? '2100-01-01' : '2100-01-01T00:00:00Z';
  const patterns = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((part) =>
    part.pattern ? [new RegExp(part.pattern)] : [],
  );
  return patterns.length > 0 && patterns.every((pattern) => !pattern.test(late));
}

/** A real calendar day 'YYYY-MM-DD' within DATE_RANGE, checked apart from the schemas' patterns. */
function isDayInRange(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && text >= DATE_RANGE.firstDay && text <= DATE_RANGE.lastDay;
}

/** What each accepted value must be: within the range, and a time the UK clock reads once. */
function acceptedProblems(sent: Record<string, unknown>, fields: DateField[]): string[] {
  return fields.flatMap(({ name, kind }) => {
    const value = sent[name];
    if (value === null || value === '' || value === undefined) return [];
    const text = String(value);
    if (kind === 'day' && !isDayInRange(text)) return [`accepted ${name} ${text}`];
    if (kind === 'instant' && (!isDayInRange(text.slice(0, 10)) || Number.isNaN(Date.parse(text))))
      return [`accepted ${name} ${text}`];
    const dayOf = name === 'end_time' ? (sent.end_date ?? sent.start_date) : sent.start_date;
    if (kind === 'time' && londonClockChange(String(dayOf), text))
      return [`accepted ${name} ${text} on ${dayOf}`];
    return [];
  });
}

/** Events' DTSTART and DTEND lines (the zone's rules have their own) not a real day of 2000–2100. */
function badCalendarLines(text: string): string[] {
  return text
    .split('\r\n')
    .filter((line) => /^DT(?:START|END);/.test(line))
    .filter((line) => {
      const match =
        /^DT(?:START|END)(?:;VALUE=DATE:|;TZID=Europe\/London:)(\d{4})(\d{2})(\d{2})(?:T\d{6})?$/.exec(line);
      if (!match) return true;
      const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return y < 2000 || y > 2100 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d;
    });
}

const CONTENT_BASES: Record<string, Record<string, unknown>> = {
  events: { name: 'Summer Fest', location: 'Reading', date: '2026-07-01' },
  logos: { name: 'Acme', logo_url: '/uploads/logo.png' },
  badges: { name: 'Insured', badge_url: '/uploads/badge.png' },
  gallery: { title: 'Targets', image_url: '/uploads/t.jpg' },
  videos: { title: 'Demo', video_type: 'youtube', video_url: 'https://youtu.be/abc', category: 'demo' },
  testimonials: { client_name: 'Sam', company: 'Acme', testimonial_text: 'Brilliant day', rating: 5 },
};
const ENQUIRY = { name: 'Priya Shah', email: 'priya@example.com', organisation: 'Club', message: 'Hello' };

/** A valid request to the route, before its date fields are replaced: its address and body. */
async function baseRequest(ctx: TestContext, token: string, url: string) {
  const newBooking = async () => {
    const enquiry = await storeEnquiry(ctx.db, ctx.clock.now(), { name: 'Tom Jones' });
    const made = await ctx.request({
      method: 'POST',
      url: `/api/admin/enquiries/${enquiry}/booking`,
      token,
      payload: BOOKING_DETAILS,
    });
    return { enquiry, booking: made.json().booking.id as number };
  };
  if (url === '/api/admin/enquiries/:id/booking')
    return { url: url.replace(':id', String((await newBooking()).enquiry)), body: { ...BOOKING_DETAILS } };
  if (url === '/api/admin/bookings/:id')
    return { url: url.replace(':id', String((await newBooking()).booking)), body: { ...BOOKING_DETAILS } };
  // The money call on a booking (decision 0474): its days are the ones fuzzed.
  if (url === '/api/admin/bookings/:id/money')
    return { url: url.replace(':id', String((await newBooking()).booking)), body: {} };
  if (url === '/api/enquiries') return { url, body: { ...ENQUIRY } };
  const kind = /^\/api\/admin\/([\w-]+)(?:\/:id)?$/.exec(url)?.[1];
  const base = kind ? CONTENT_BASES[kind] : undefined;
  if (kind && base && url.endsWith(':id')) {
    const made = await ctx.request({ method: 'POST', url: `/api/admin/${kind}`, token, payload: base });
    return { url: `/api/admin/${kind}/${made.json().id}`, body: { ...base } };
  }
  if (base) return { url, body: { ...base } };
  return { url, body: undefined };
}

describeEachDatabase(
  'dates and times on every route that takes one',
  (ctx) => {
    it(
      'no 5xx, refusals as {detail, code}, only days of 2000–2099 kept, every calendar line a real day',
      { timeout: 600_000 },
      async () => {
        const { token } = await ctx().loginAs();
        const doc = (await ctx().request({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
        const shapes = ctx()
          .routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
          .map((route) => ({ shape: routeShape(route, doc), fields: dateFields(routeShape(route, doc)) }))
          .filter(({ fields }) => fields.length > 0);
        const names = shapes.map(({ shape }) => `${shape.route.method} ${shape.route.url}`);
        for (const expected of ['GET /api/availability', 'GET /api/admin/bookings', 'POST /api/enquiries'])
          expect(names).toContain(expected);
        for (const expected of [
          'POST /api/admin/enquiries/:id/booking',
          'PUT /api/admin/bookings/:id',
          'PUT /api/admin/bookings/:id/money',
        ])
          expect(names).toContain(expected);
        for (const kind of Object.keys(CONTENT_BASES))
          expect(names).toEqual(
            expect.arrayContaining([`POST /api/admin/${kind}`, `PUT /api/admin/${kind}/:id`]),
          );
        const undocumented = shapes.flatMap(({ shape, fields }) =>
          fields.filter((field) => !documentedPastRange(field)).map((f) => `${shape.route.url} ${f.name}`),
        );
        expect(undocumented, 'fields whose documented pattern takes 2100-01-01').toEqual([]);
        const feedPath = new URL(
          (await ctx().request({ method: 'GET', url: '/api/admin/bookings/calendar-feed', token })).json()
            .url,
        ).pathname;

        const failures: string[] = [];
        let address = 0;
        for (const [index, { shape, fields }] of shapes.entries()) {
          const key = `${shape.route.method} ${shape.route.url}`;
          const values = fc.record(
            Object.fromEntries(fields.map((field) => [field.name, VALUES[field.kind]])),
          );
          const result = await fc.check(
            fc.asyncProperty(values, async (dates) => {
              const base = await baseRequest(ctx(), token, shape.route.url);
              const query = new URLSearchParams({ from: '2026-07-01', to: '2026-07-31' });
              const body: Record<string, unknown> | undefined = base.body && { ...base.body };
              for (const field of fields) {
                const value = dates[field.name];
                if (field.inQuery) query.set(field.name, value === null ? '' : String(value));
                else if (body) body[field.name] = value;
              }
              address += 1;
              const response = await ctx().request({
                method: shape.route.method as 'GET',
                url: fields.some((f) => f.inQuery) ? `${base.url}?${query}` : base.url,
                token,
                remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
                ...(body ? { payload: body } : {}),
              });
              const problems = await answerProblems(
                ctx(),
                token,
                response,
                body ?? Object.fromEntries(query),
                fields,
                feedPath,
              );
              if (problems.length) throw new Error(problems.join('; '));
            }),
            { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
          if (result.failed)
            failures.push(
              `${key}: ${String(result.errorInstance)}\n    sent: ${JSON.stringify(result.counterexample)}\n` +
                `    replay: FUZZ_SEED=${SEED} (route seed ${result.seed})`,
            );
        }
        expect(failures, failures.join('\n')).toEqual([]);
      },
    );
  },
  { env: { CAPTCHA_PROVIDER: 'off', ENQUIRY_RATE_LIMIT_MAX: '100000' } },
);

/** What is wrong with an answer: a 5xx, an error that is not {detail, code}, or a bad accepted date. */
async function answerProblems(
  ctx: TestContext,
  token: string,
  response: { statusCode: number; body: string },
  sent: Record<string, unknown>,
  fields: DateField[],
  feedPath: string,
): Promise<string[]> {
  if (response.statusCode >= 500) return [`answered ${response.statusCode}: ${response.body.slice(0, 200)}`];
  if (response.statusCode >= 400) {
    const keys = Object.keys(JSON.parse(response.body) as object)
      .sort()
      .join(',');
    return keys === 'code,detail' ? [] : [`error body is not {detail, code}: ${response.body.slice(0, 200)}`];
  }
  const problems = acceptedProblems(sent, fields);
  const booking = (JSON.parse(response.body) as { booking?: { id?: number } }).booking;
  if (booking?.id) {
    const confirm = await ctx.request({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/confirm`,
      token,
    });
    if (confirm.statusCode >= 500)
      problems.push(`confirming answered ${confirm.statusCode}: ${confirm.body}`);
    // Freed again, so the next run's days are not taken by this one.
    await ctx.request({ method: 'POST', url: `/api/admin/bookings/${booking.id}/cancel`, token });
  }
  for (const url of [feedPath, '/events.ics']) {
    const calendar = await ctx.request({ method: 'GET', url });
    if (calendar.statusCode >= 500) problems.push(`${url} answered ${calendar.statusCode}`);
    const bad = badCalendarLines(calendar.body);
    if (bad.length) problems.push(`${url} wrote ${bad.join(', ')}`);
  }
  return problems;
}
