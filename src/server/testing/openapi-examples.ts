// Requests built from the OpenAPI document alone, for the contract test (plugins/openapi-contract.test.ts):
// for each operation one request the document calls valid, and one it calls invalid. A field's value
// comes from its schema (an enum's first value, a default, a number within the range), or from its
// name where a schema's rule is a refinement the document only names (a real e-mail, an uploaded file).
import { IMAGE_WIDTHS } from '#shared/constants.ts';
import type { JsonSchema } from './fuzz-values.ts';

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema & { allOf?: JsonSchema[]; default?: unknown; exclusiveMinimum?: boolean };
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
}

export interface ExampleRequest {
  url: string;
  payload?: string;
  contentType?: string;
}

const BY_NAME: [RegExp, unknown][] = [
  [/email$/, 'visitor@example.com'],
  [/^date$/, '2026-08-01'],
  [/^link$|^website_url$/, 'https://example.com'],
  [/_url$/, '/uploads/photo.jpg'],
  [/password$/, 'a long unusual passphrase 42'],
  [/^(totp_)?code$/, '123456'],
  [/^token$/, 'x'.repeat(32)],
  [/^id$/, '1'],
  [/^width$/, String(IMAGE_WIDTHS[0])],
  [/^file$/, '1.ics'],
  [/^name$/, 'Example'],
];

const clamp = (value: number, schema: JsonSchema) =>
  Math.min(Math.max(value, schema.minimum ?? value), schema.maximum ?? value);

/** A value the schema accepts. */
export function exampleOf(schema: Parameter['schema'] = {}, name = ''): unknown {
  const named = BY_NAME.find(([pattern]) => pattern.test(name));
  if (named) return named[1];
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleOf(variant, name);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'integer':
    case 'number':
      return clamp(1, schema);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((field) => [field, exampleOf(schema.properties?.[field], field)]),
      );
    default:
      return 'Example';
  }
}

const jsonBodyOf = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;

function urlOf(path: string, operation: Operation, values: Record<string, string>, omitQuery?: string) {
  const params = operation.parameters ?? [];
  const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
  const query = new URLSearchParams();
  for (const param of params)
    if (param.in === 'query' && param.required && param.name !== omitQuery)
      query.set(param.name, String(exampleOf(param.schema, param.name)));
  return query.size ? `${url}?${query.toString()}` : url;
}

function pathValues(operation: Operation): Record<string, string> {
  const params = (operation.parameters ?? []).filter((param) => param.in === 'path');
  return Object.fromEntries(params.map((param) => [param.name, String(exampleOf(param.schema, param.name))]));
}

/** A request the document calls valid: required fields and parameters only. */
export function validRequest(path: string, operation: Operation): ExampleRequest {
  const body = jsonBodyOf(operation);
  return {
    url: urlOf(path, operation, pathValues(operation)),
    ...(body ? { payload: JSON.stringify(exampleOf(body)), contentType: 'application/json' } : {}),
  };
}

const hasPattern = (schema: Parameter['schema']) => Boolean(schema?.pattern ?? schema?.allOf);

/**
 * A request the document calls invalid, in the first way the operation allows: an id just past the
 * range, a body without its required fields or of the wrong type, a required query parameter left
 * out, an enum value that is none of its choices, or a JSON body that is not JSON. Undefined when
 * the operation takes no input to get wrong.
 */
export function invalidRequest(
  path: string,
  method: string,
  operation: Operation,
): ExampleRequest | undefined {
  const valid = validRequest(path, operation);
  const params = operation.parameters ?? [];
  const id = params.find((param) => param.in === 'path' && hasPattern(param.schema));
  if (id)
    return { ...valid, url: urlOf(path, operation, { ...pathValues(operation), [id.name]: '2147483648' }) };
  const body = jsonBodyOf(operation);
  if (body) {
    const wrong = body.required?.length ? {} : body.type === 'array' ? {} : [];
    return { ...valid, payload: JSON.stringify(wrong) };
  }
  const required = params.find((param) => param.in === 'query' && param.required);
  if (required) return { url: urlOf(path, operation, pathValues(operation), required.name) };
  const choice = params.find((param) => param.in === 'query' && param.schema?.enum);
  if (choice)
    return { url: `${valid.url}${valid.url.includes('?') ? '&' : '?'}${choice.name}=none-of-these` };
  if (['post', 'put', 'patch', 'delete'].includes(method))
    return { ...valid, payload: '{"not json', contentType: 'application/json' };
  return undefined;
}
