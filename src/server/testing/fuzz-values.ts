// The values the route fuzzer sends (issue 9 "Fuzzing"): ones that pass a field's schema, to reach
// the handler and the database, and every kind of nonsense a client can send in their place.
import fc from 'fast-check';

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

/** About 1 MB of text: under the JSON body limit in ASCII, well over it as 4-byte emoji. */
const MEGABYTE_ASCII = 'x'.repeat(1_000_000);
const MEGABYTE_EMOJI = '🎯'.repeat(300_000);

export const NASTY_STRINGS = [
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
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
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

export type FieldMode = 'valid' | 'mixed';

/** An object with the schema's fields: each omitted, valid or (in mixed mode) nasty. */
export function objectFor(schema: JsonSchema, mode: () => FieldMode): fc.Arbitrary<Record<string, unknown>> {
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
