// Hostile requests for the route fuzzer (issue 9 "Fuzzing"). Each route's fields come from the
// app's own OpenAPI document, so a new route or field is fuzzed without touching this file. Bodies
// mix values that pass the schema (to reach the handler and the database) with every kind of
// nonsense a client can send: malformed JSON, wrong types, 1 MB strings, odd unicode, nulls, arrays
// for objects, prototype keys and absurd ids.
import fc from 'fast-check';
import type { RouteEntry } from '../app.ts';

/** The subset of an OpenAPI 3.0 schema object the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

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
// Values

/** About 1 MB of text: under the JSON body limit in ASCII, well over it as 4-byte emoji. */
const MEGABYTE_ASCII = 'x'.repeat(1_000_000);
const MEGABYTE_EMOJI = '🎯'.repeat(300_000);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000=1+1',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '‮reversed',
  'zero\u200bwidth',
  '👩‍👩‍👧‍👦🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '١٢٣',
  'Ω≈ç√∫˜µ≤≥÷',
  '\ud800',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '=HYPERLINK("http://x")',
  '${7*7}{{7*7}}',
  'a'.repeat(10_000),
  MEGABYTE_ASCII,
  MEGABYTE_EMOJI,
];

const NASTY_NUMBERS = [0, -0, -1, 1.5, 1e99, -1e99, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE];

/** A value of any JSON type, biased towards the ones that break parsers and validators. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

// Plausible values by field name, so that some bodies pass the refinements the OpenAPI schema cannot
// express (a real e-mail, a calendar date, an uploaded file) and reach the database.
const PLAUSIBLE_BY_NAME: [RegExp, fc.Arbitrary<unknown>][] = [
  [/email/, fc.constantFrom('visitor@example.com', 'ADMIN1@example.com', 'x@example.co.uk')],
  [/^date$/, fc.constantFrom('2026-08-01', '2026-02-29', '2025-12-31')],
  [
    /_url$|^link$/,
    fc.constantFrom('/uploads/photo.jpg', 'https://example.com/a', 'https://youtu.be/dQw4w9WgXcQ'),
  ],
  [/password/, fc.constantFrom('a long unusual passphrase 42', 'correct horse 1')],
  [/^(totp_)?code$/, fc.constantFrom('123456', 'abcde-fghij')],
  [/token/, fc.string({ unit: 'binary-ascii', minLength: 16, maxLength: 64 })],
];

// Characters that are valid JSON but that a database, a CSV export or a mail header may choke on.
const AWKWARD_CHARACTERS = ['\u0000', '\u0007', '\r\n', '\u202e', '\ud800', '\ufeff', '\u2028'];

/** The values of `arbitrary`, with an awkward character slipped into some of its strings. */
const withAwkwardCharacters = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary },
    {
      weight: 1,
      arbitrary: fc
        .tuple(arbitrary, fc.constantFrom(...AWKWARD_CHARACTERS), fc.nat())
        .map(([value, awkward, at]) =>
          typeof value === 'string'
            ? `${value.slice(0, at % (value.length + 1))}${awkward}${value.slice(at % (value.length + 1))}`
            : value,
        ),
    },
  );

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern, 'u'))
        .filter((s) => s.length <= (schema.maxLength ?? 1e6));
    } catch {
      // A pattern fast-check cannot generate from: plain strings will do.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Values that satisfy `schema` as far as the document describes it. */
export function schemaValue(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return nastyValue;
  const plausible = PLAUSIBLE_BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  const nullable = (value: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
  if (plausible) return nullable(withAwkwardCharacters(plausible));
  if (schema.enum) return nullable(fc.constantFrom(...schema.enum));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => schemaValue(v, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return nullable(withAwkwardCharacters(stringFor(schema)));
    case 'integer':
      return nullable(
        fc.integer({
          min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
        }),
      );
    case 'number':
      return nullable(fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }));
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return nullable(
        fc.array(schemaValue(schema.items), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }),
      );
    case 'object':
      return nullable(objectFor(schema, () => 'valid'));
    default:
      return nastyValue;
  }
}

type FieldMode = 'valid' | 'mixed';

/** An object with the schema's fields: each omitted, valid or (in mixed mode) nasty. */
function objectFor(schema: JsonSchema, mode: () => FieldMode): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, fieldSchema] of fields) {
    record[name] =
      mode() === 'valid'
        ? schemaValue(fieldSchema, name)
        : fc.oneof(
            { weight: 3, arbitrary: schemaValue(fieldSchema, name) },
            { weight: 1, arbitrary: nastyValue },
          );
  }
  return fc.record(record, { requiredKeys: fields.map(([n]) => n).filter((n) => required.has(n)) });
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
