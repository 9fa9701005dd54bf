// Values for the contract test's requests (plugins/openapi-contract.test.ts), read from the OpenAPI
// document alone: whether a value is one the document allows (`conforms`, the subset of OpenAPI 3.0
// schemas the document uses), and the smallest or largest value a field's schema allows. Where a rule
// is one the document can only name (a password strong enough, a link on the platform it names), the
// value comes from the field's name.
import fc from 'fast-check';
import { IMAGE_WIDTHS } from '#shared/constants.ts';
import { MAX_ID } from '#shared/schemas/common.ts';
import type { JsonSchema } from './fuzz-values.ts';

export interface Schema extends JsonSchema {
  format?: string;
  default?: unknown;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  /** OpenAPI 3.0: a flag beside `minimum`/`maximum`. */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  additionalProperties?: boolean | Schema;
}

/** Which end of what a schema allows a value is taken from. */
export type Edge = 'least' | 'most';

/** A value by the field's name: `first` where the document only names the rule (a strength, a host,
 * an order of dates), so no generic edge is tried; otherwise only when no generic edge fits. */
interface Named {
  least: unknown;
  most?: unknown;
  first?: boolean;
}
const BY_NAME: [RegExp, Named][] = [
  [/password$/, { least: 'a long unusual passphrase 42', first: true }],
  [/^(totp_)?code$/, { least: '123456', first: true }],
  [/^token$/, { least: 'x'.repeat(32), first: true }],
  [/^show_from$/, { least: '2026-01-01T00:00:00Z', first: true }],
  [/^hide_after$/, { least: '2027-01-01T00:00:00Z', first: true }],
  [/^video_url$/, { least: 'https://youtu.be/dQw4w9WgXcQ', first: true }],
  [/^facebook_url$/, { least: 'https://facebook.com/range', first: true }],
  [/^instagram_url$/, { least: 'https://instagram.com/range', first: true }],
  [/^tiktok_url$/, { least: 'https://tiktok.com/@range', first: true }],
  [/^youtube_url$/, { least: 'https://youtube.com/@range', first: true }],
  [/^(id|before)$/, { least: '1', most: String(MAX_ID) }],
  [/^date$/, { least: '2026-08-01' }],
  [/^link$|_url$/, { least: 'https://example.com/photo.jpg' }],
  [/email$|^recipient$/, { least: 'visitor@example.com' }],
  [/^width$/, { least: String(IMAGE_WIDTHS[0]), most: String(IMAGE_WIDTHS.at(-1)) }],
  [/^file$/, { least: '1.ics' }],
];

/** A string with no length limit in the document is tried this long (under every body limit). */
const UNBOUNDED_LENGTH = 3000;

const FORMATS: Record<string, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  date: (value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  'date-time': (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value)),
};

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

const typesOf = (schema: Schema) => [schema.type ?? []].flat();

function conformsString(value: string, schema: Schema): boolean {
  const length = [...value].length; // JSON Schema counts characters, not UTF-16 units
  if (length < (schema.minLength ?? 0) || length > (schema.maxLength ?? Infinity)) return false;
  if (schema.pattern !== undefined && !matches(schema.pattern, value)) return false;
  return !schema.format || (FORMATS[schema.format]?.(value) ?? true);
}

function conformsNumber(value: number, schema: Schema): boolean {
  if (typesOf(schema).includes('integer') && !Number.isInteger(value)) return false;
  const { minimum = -Infinity, maximum = Infinity } = schema;
  if (schema.exclusiveMinimum ? value <= minimum : value < minimum) return false;
  return schema.exclusiveMaximum ? value < maximum : value <= maximum;
}

function conformsObject(value: Record<string, unknown>, schema: Schema): boolean {
  const properties = schema.properties ?? {};
  if ((schema.required ?? []).some((field) => !(field in value))) return false;
  return Object.entries(value).every(([field, item]) =>
    field in properties
      ? conforms(item, properties[field])
      : schema.additionalProperties === undefined || schema.additionalProperties === true
        ? true
        : schema.additionalProperties !== false && conforms(item, schema.additionalProperties),
  );
}

/** Whether the document allows `value` where `schema` is. */
export function conforms(value: unknown, schema: Schema = {}): boolean {
  if (value === null) return Boolean(schema.nullable) || typesOf(schema).includes('null');
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.allOf && !schema.allOf.every((part) => conforms(value, part))) return false;
  if (schema.anyOf && !schema.anyOf.some((part) => conforms(value, part))) return false;
  if (schema.oneOf && schema.oneOf.filter((part) => conforms(value, part)).length !== 1) return false;
  const types = typesOf(schema);
  if (!types.length) return true;
  if (typeof value === 'string') return types.includes('string') && conformsString(value, schema);
  if (typeof value === 'number')
    return (types.includes('number') || types.includes('integer')) && conformsNumber(value, schema);
  if (typeof value === 'boolean') return types.includes('boolean');
  if (Array.isArray(value)) {
    const { minItems = 0, maxItems = Infinity } = schema;
    if (!types.includes('array') || value.length < minItems || value.length > maxItems) return false;
    return value.every((item) => conforms(item, schema.items));
  }
  return types.includes('object') && conformsObject(value as Record<string, unknown>, schema);
}

const samplesByPattern = new Map<string, string[]>();

/** Strings the pattern matches, shortest first (a fixed seed: the same every run). */
function patternSamples(pattern: string): string[] {
  let samples = samplesByPattern.get(pattern);
  if (!samples) {
    try {
      const drawn = fc.sample(fc.stringMatching(new RegExp(pattern, 'u')), { seed: 26, numRuns: 30 });
      samples = [...new Set(drawn)].sort((a, b) => a.length - b.length);
    } catch {
      samples = []; // a pattern fast-check cannot generate from
    }
    samplesByPattern.set(pattern, samples);
  }
  return samples;
}

function* stringCandidates(schema: Schema, edge: Edge): Generator<string> {
  const least = Math.max(schema.minLength ?? 0, 1);
  const most = schema.maxLength ?? UNBOUNDED_LENGTH;
  // The least a schema allows is often the emptiest text: nothing at all, or only white space.
  if (edge === 'least') yield* ['', ' '.repeat(least), 'x'.repeat(least), '0', '1'];
  else yield* ['x'.repeat(most), '9'.repeat(Math.min(most, 10)), 'x'];
}

function* typedCandidates(schema: Schema, name: string, edge: Edge): Generator<unknown> {
  const { minimum = -1e6, maximum = 1e6 } = schema;
  for (const type of typesOf(schema)) {
    if (type === 'string') yield* stringCandidates(schema, edge);
    else if (type === 'integer' || type === 'number')
      yield* edge === 'least' ? [minimum, minimum + 1, 1] : [maximum, maximum - 1, 1];
    else if (type === 'boolean') yield edge === 'most';
    else if (type === 'array') {
      const length = edge === 'least' ? Math.max(schema.minItems ?? 0, 1) : Math.min(schema.maxItems ?? 3, 3);
      yield Array.from({ length }, () => valueOf(schema.items ?? {}, name, edge));
    } else if (type === 'object') yield objectOf(schema, edge, edge === 'most' ? 'all' : 'required');
  }
}

/** What to try, in order: generic edges, and the named value first or as a fallback. */
function* candidates(schema: Schema, name: string, edge: Edge): Generator<unknown> {
  const named = BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  const namedValue = named && (edge === 'most' ? (named.most ?? named.least) : named.least);
  if (named?.first) yield namedValue;
  if (schema.enum) yield* edge === 'least' ? schema.enum : [...schema.enum].reverse();
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) yield valueOf(part, name, edge);
  yield* typedCandidates(schema, name, edge);
  if (named && !named.first) yield namedValue;
  if (schema.pattern !== undefined) {
    const samples = patternSamples(schema.pattern);
    yield* edge === 'least' ? samples : [...samples].reverse();
  }
}

/** The least or most a field's schema allows, as the document says it; the default when none fits. */
export function valueOf(schema: Schema, name = '', edge: Edge = 'least'): unknown {
  for (const value of candidates(schema, name, edge)) if (conforms(value, schema)) return value;
  return schema.default ?? 'Example';
}

/**
 * An object the schema allows: its required fields only, every field, or every field null where it
 * may be.
 */
export function objectOf(
  schema: Schema,
  edge: Edge,
  fields: 'required' | 'all' | 'nulls',
): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const chosen = Object.entries(schema.properties ?? {}).filter(
    ([field]) => fields !== 'required' || required.has(field),
  );
  return Object.fromEntries(
    chosen.map(([field, fieldSchema]) => [
      field,
      fields === 'nulls' && conforms(null, fieldSchema) ? null : valueOf(fieldSchema, field, edge),
    ]),
  );
}
