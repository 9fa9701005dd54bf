// Hostile requests for the route fuzzer (issue 9 "Fuzzing"). Each route's fields come from the
// app's own OpenAPI document, so a new route or field is fuzzed without touching this file. Bodies
// mix values that pass the schema (to reach the handler and the database) with every kind of
// nonsense a client can send: malformed JSON, wrong types, 1 MB strings, odd unicode, nulls, arrays
// for objects, prototype keys and absurd ids.
import fc from 'fast-check';
import type { RouteEntry } from '../app.ts';
import { NASTY_STRINGS, nastyValue, objectFor, schemaValue, type JsonSchema } from './fuzz-values.ts';

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** What the fuzzer knows about one route. */
export interface RouteShape {
  route: RouteEntry;
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  /** Names of `:params` in the route's path. */
  params: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** The path carries an id that is not a positive decimal integer: must be refused, never looked up. */
  malformedId: boolean;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function routeShape(route: RouteEntry, doc: OpenApiDocument): RouteShape {
  const operation = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
  const query = (operation?.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => ({ name: p.name, schema: p.schema ?? {} }));
  return {
    route,
    body: operation?.requestBody?.content?.['application/json']?.schema,
    query,
    params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
  };
}

// ---------------------------------------------------------------------------------------------
// Bodies

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\x"}',
  '"unterminated',
  'nul',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
];

/** JSON text with a key that could poison a prototype if merged naively. */
const prototypeKeys = (inner: string) =>
  fc.constantFrom(
    `{"__proto__":{"role":"superadmin","is_active":false}${inner}}`,
    `{"constructor":{"prototype":{"role":"superadmin"}}${inner}}`,
    `{"prototype":{"x":1},"__proto__":null${inner}}`,
  );

const jsonOf = (value: unknown) => JSON.stringify(value) ?? 'null';

export function bodyArbitrary(shape: RouteShape): fc.Arbitrary<string> {
  const schema = shape.body;
  const wellFormed =
    schema?.type === 'object' || schema?.properties
      ? fc.oneof(
          objectFor(schema, () => 'valid'),
          objectFor(schema, () => 'mixed'),
        )
      : schemaValue(schema);
  const fields = schema ? objectFor(schema, () => 'mixed').map(jsonOf) : fc.constant('{}');
  return fc.oneof(
    { weight: 4, arbitrary: wellFormed.map(jsonOf) },
    { weight: 2, arbitrary: nastyValue.map(jsonOf) },
    // Arrays for objects and objects for arrays.
    { weight: 1, arbitrary: fc.array(wellFormed, { maxLength: 3 }).map(jsonOf) },
    { weight: 1, arbitrary: fields.map((json) => `{"wrapped":${json}}`) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
    {
      weight: 1,
      arbitrary: fields.chain((json) => prototypeKeys(json === '{}' ? '' : `,${json.slice(1, -1)}`)),
    },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/xml',
];

export const contentTypeArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined) },
);

// ---------------------------------------------------------------------------------------------
// Ids and query strings

/** Ids that are not positive decimal integers; `%201` and the 101 nines come from the probe. */
export const MALFORMED_IDS = [
  '0',
  '-1',
  '0x10',
  '%201',
  '1e99',
  '1e1',
  '9'.repeat(101),
  '2147483648',
  '9007199254740993',
  '1.0',
  '+1',
  '01',
  '%20',
  'NaN',
  'Infinity',
  'null',
  '%00',
  '1%00',
  '1;DROP',
  '%D9%A1', // Arabic-Indic digit one
  '%EF%BC%91', // full-width digit one
];

/** The same row written in ways a lenient parser would accept: `0x10` for 16, `016`, `16.0`… */
export const disguisedIds = (id: number) => [
  `0x${id.toString(16)}`,
  `0${id}`,
  `+${id}`,
  `${id}.0`,
  `${id}e0`,
  `%20${id}`,
  `${id}%20`,
  `0b${id.toString(2)}`,
];

export function idArbitrary(existingIds: number[]): fc.Arbitrary<{ id: string; malformed: boolean }> {
  const real = existingIds.length ? existingIds : [1];
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...real).map((id) => ({ id: String(id), malformed: false })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((id) => ({ id: String(id), malformed: false })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_IDS).map((id) => ({ id, malformed: true })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...real)
        .chain((id) => fc.constantFrom(...disguisedIds(id)))
        .map((id) => ({ id, malformed: true })),
    },
  );
}

const queryValue = fc.oneof(
  fc.constantFrom(
    '7',
    '14',
    '30',
    '90',
    '0',
    '-7',
    '1e3',
    '7.5',
    '',
    'x@example.com',
    '2026-01-01T00:00:00Z',
  ),
  fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 20_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

export function queryArbitrary(shape: RouteShape): fc.Arbitrary<string> {
  const documented = shape.query.map((q) =>
    fc.tuple(
      fc.constant(q.name),
      fc.oneof(
        queryValue,
        schemaValue(q.schema, q.name).map((value) => String(value)),
      ),
    ),
  );
  const stray = fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x'), queryValue);
  const pair = fc.oneof(...documented, stray);
  // URLSearchParams writes what a browser would send (a lone surrogate becomes U+FFFD).
  return fc
    .array(pair, { maxLength: 3 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
}

// ---------------------------------------------------------------------------------------------

const SENDS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Any request to the route, shaped by what the route is documented to take. */
export function requestArbitrary(shape: RouteShape, existingIds: number[]): fc.Arbitrary<FuzzRequest> {
  const { route } = shape;
  const path = fc.tuple(...shape.params.map(() => idArbitrary(existingIds))).map((ids) => {
    let index = 0;
    const url = route.url.replace(/:(\w+)/g, () => ids[index++]!.id);
    return { url, malformedId: ids.some((id) => id.malformed) };
  });
  const body = SENDS_BODY.has(route.method)
    ? fc.option(fc.tuple(bodyArbitrary(shape), contentTypeArbitrary), { freq: 8, nil: undefined })
    : fc.constant(undefined);
  return fc.tuple(path, queryArbitrary(shape), body).map(([p, query, sent]) => ({
    method: route.method,
    url: `${p.url}${query}`,
    payload: sent?.[0],
    contentType: sent ? sent[1] : undefined,
    malformedId: p.malformedId,
  }));
}
