// Requests built from the OpenAPI document alone, for the contract test (plugins/openapi-contract.test.ts):
// requests the document calls valid (required fields only at their least, every field at its most,
// every nullable field null), requests it calls invalid, and the probes of what it says about
// unknown fields, unknown query parameters and formats. Values come from openapi-values.ts.
import { conforms, objectOf, valueOf, type Edge, type Schema } from './openapi-values.ts';

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
  description?: string;
  /** False where the operation refuses query parameters it does not list (plugins/openapi.ts). */
  'x-additionalQueryParameters'?: boolean;
}

export interface ExampleRequest {
  url: string;
  payload?: string;
  contentType?: string;
  /** What the request is, for a failure message. */
  what?: string;
}

/** A request with one wrong part, whether the document says it must be refused, and the part's name. */
export interface Probe {
  request: ExampleRequest;
  refused: boolean;
  /** The refusal's `detail` names it. */
  names: string;
}

export const UNKNOWN_FIELD = 'zz_not_a_field';
export const UNKNOWN_PARAMETER = 'zz_not_a_parameter';
/** Fastify's default `maxParamLength`. */
const MAX_PARAM_LENGTH = 100;

export const jsonBodyOf = (operation: Operation) =>
  operation.requestBody?.content?.['application/json']?.schema;

/** The body shapes the document allows: each variant of a union, or the one schema. */
const variantsOf = (body: Schema): Schema[] => body.oneOf ?? body.anyOf ?? [body];

/**
 * A path parameter is never empty (an empty segment is another address), and one longer than the
 * router takes is answered 414 before any route (a status the document lists) and tells nothing more.
 */
const pathSchema = (param: Parameter): Schema => ({
  ...param.schema,
  minLength: Math.max(param.schema?.minLength ?? 0, 1),
  maxLength: Math.min(param.schema?.maxLength ?? MAX_PARAM_LENGTH, MAX_PARAM_LENGTH),
});

interface UrlChoice {
  edge?: Edge;
  /** Optional query parameters too, not only the required ones. */
  optional?: boolean;
  /** Values that replace the chosen ones (a path id past its range, a malformed e-mail). */
  values?: Record<string, string>;
  /** A required query parameter left out. */
  omit?: string;
  /** A query parameter the operation does not list. */
  extra?: string;
}

function urlOf(path: string, operation: Operation, choice: UrlChoice = {}): string {
  const { edge = 'least', values = {} } = choice;
  const params = operation.parameters ?? [];
  const valueFor = (param: Parameter, schema: Schema | undefined) =>
    values[param.name] ?? String(valueOf(schema ?? {}, param.name, edge));
  let url = path;
  for (const param of params.filter((p) => p.in === 'path'))
    url = url.replace(`{${param.name}}`, encodeURIComponent(valueFor(param, pathSchema(param))));
  const query = new URLSearchParams();
  for (const param of params.filter((p) => p.in === 'query' && p.name !== choice.omit))
    if (param.required || choice.optional || param.name in values)
      query.set(param.name, valueFor(param, param.schema));
  if (choice.extra) query.set(choice.extra, '1');
  return query.size ? `${url}?${query.toString()}` : url;
}

const jsonRequest = (url: string, body: unknown, what: string): ExampleRequest => ({
  url,
  payload: JSON.stringify(body),
  contentType: 'application/json',
  what,
});

/** A request the document calls valid: required fields and parameters only, at their least. */
export function validRequest(path: string, operation: Operation): ExampleRequest {
  const body = jsonBodyOf(operation);
  const url = urlOf(path, operation);
  if (!body) return { url, what: 'least' };
  return jsonRequest(url, objectOrValue(variantsOf(body)[0]!, 'least', 'required'), 'least');
}

function objectOrValue(schema: Schema, edge: Edge, fields: 'required' | 'all' | 'nulls'): unknown {
  return schema.properties ? objectOf(schema, edge, fields) : valueOf(schema, '', edge);
}

/**
 * Requests the document calls valid, at its edges: required fields only at their least (the least id
 * the path allows, the emptiest text), every field at its most, every field null that may be, for
 * each shape a union body allows. Each is checked against the document before it is sent.
 */
export function edgeRequests(path: string, operation: Operation): ExampleRequest[] {
  const least = urlOf(path, operation);
  const most = urlOf(path, operation, { edge: 'most', optional: true });
  const body = jsonBodyOf(operation);
  const requests: ExampleRequest[] = body
    ? variantsOf(body).flatMap((variant) => [
        jsonRequest(least, objectOrValue(variant, 'least', 'required'), 'least'),
        jsonRequest(most, objectOrValue(variant, 'most', 'all'), 'most'),
        jsonRequest(least, objectOrValue(variant, 'least', 'nulls'), 'nulls'),
      ])
    : [least, most].map((url, i) => ({ url, what: i ? 'most' : 'least' }));
  // The same request twice tells nothing more (an operation without input has one).
  const seen = new Set<string>();
  return requests.filter(
    ({ url, payload }) => !seen.has(`${url} ${payload}`) && seen.add(`${url} ${payload}`),
  );
}

/** Whether a request's body and parameters are what the document allows (the generator's own check). */
export function documentAllows(operation: Operation, request: ExampleRequest): boolean {
  const body = jsonBodyOf(operation);
  if (body && request.payload !== undefined && !conforms(JSON.parse(request.payload), body)) return false;
  const query = new URL(request.url, 'http://x').searchParams;
  return (operation.parameters ?? [])
    .filter((param) => param.in === 'query' && query.has(param.name))
    .every((param) => {
      const text = query.get(param.name)!;
      const isNumber = ['integer', 'number'].includes(String(param.schema?.type));
      return conforms(isNumber ? Number(text) : text, param.schema);
    });
}

/**
 * One unknown body field and one unknown query parameter, each beside a valid request: refused
 * exactly where the document says `additionalProperties: false` (for a query, the operation's
 * `x-additionalQueryParameters`).
 */
export function unknownInputProbes(path: string, operation: Operation): Probe[] {
  const probes: Probe[] = [
    {
      request: {
        ...validRequest(path, operation),
        url: urlOf(path, operation, { extra: UNKNOWN_PARAMETER }),
        what: 'unknown query parameter',
      },
      refused: operation['x-additionalQueryParameters'] === false,
      names: UNKNOWN_PARAMETER,
    },
  ];
  const body = jsonBodyOf(operation);
  const shape = body && variantsOf(body)[0];
  if (shape?.properties) {
    const valid = objectOf(shape, 'least', 'required');
    probes.push({
      request: jsonRequest(urlOf(path, operation), { ...valid, [UNKNOWN_FIELD]: 1 }, 'unknown field'),
      refused: shape.additionalProperties === false,
      names: UNKNOWN_FIELD,
    });
  }
  return probes;
}

/** Values that break a format: not one at all, and a valid one with a space before it. */
function malformed(format: string, valid: string): string[] {
  return [`not a ${format}`, ` ${valid}`];
}

/** For each field and query parameter with a `format`, requests with a value that is not of it. */
export function malformedFormatRequests(path: string, operation: Operation): Probe[] {
  const requests: Probe[] = [];
  for (const param of operation.parameters ?? []) {
    const format = param.schema?.format;
    if (param.in !== 'query' || !format) continue;
    const valid = String(valueOf(param.schema!, param.name));
    for (const value of malformed(format, valid))
      requests.push({
        request: {
          ...validRequest(path, operation),
          url: urlOf(path, operation, { values: { [param.name]: value } }),
          what: `${param.name}=${JSON.stringify(value)}`,
        },
        refused: true,
        names: param.name,
      });
  }
  const body = jsonBodyOf(operation);
  const shape = body && variantsOf(body)[0];
  for (const [field, schema] of Object.entries(shape?.properties ?? {})) {
    if (!schema.format) continue;
    const valid = objectOf(shape!, 'least', 'required');
    for (const value of malformed(schema.format, String(valueOf(schema, field))))
      requests.push({
        request: jsonRequest(
          urlOf(path, operation),
          { ...valid, [field]: value },
          `${field}: ${JSON.stringify(value)}`,
        ),
        refused: true,
        names: field,
      });
  }
  return requests;
}

/**
 * For each body field the document says may not be an empty string (a `date-time`, a pattern, a
 * least length, an object), the request with `""` there: refused, with a detail naming the field
 * (issue 35, item 8: `hide_after: ""` was taken as "no limit").
 */
export function emptyStringProbes(path: string, operation: Operation): Probe[] {
  const body = jsonBodyOf(operation);
  const shape = body && variantsOf(body)[0];
  const valid = shape?.properties ? objectOf(shape, 'least', 'required') : {};
  return Object.entries(shape?.properties ?? {})
    .filter(([, schema]) => !conforms('', schema))
    .map(([field]) => ({
      request: jsonRequest(urlOf(path, operation), { ...valid, [field]: '' }, `${field}: ""`),
      refused: true,
      names: field,
    }));
}

const hasIdPattern = (schema: Schema | undefined) => Boolean(schema?.pattern ?? schema?.allOf);

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
  const id = params.find((param) => param.in === 'path' && hasIdPattern(param.schema));
  if (id) return { ...valid, url: urlOf(path, operation, { values: { [id.name]: '2147483648' } }) };
  const body = jsonBodyOf(operation);
  if (body) {
    const wrong = body.required?.length || body.oneOf ? {} : body.type === 'array' ? {} : [];
    return { ...valid, payload: JSON.stringify(wrong) };
  }
  const required = params.find((param) => param.in === 'query' && param.required);
  if (required) return { url: urlOf(path, operation, { omit: required.name }) };
  const choice = params.find((param) => param.in === 'query' && param.schema?.enum);
  if (choice) return { url: urlOf(path, operation, { values: { [choice.name]: 'none-of-these' } }) };
  if (['post', 'put', 'patch', 'delete'].includes(method))
    return { ...valid, payload: '{"not json', contentType: 'application/json' };
  return undefined;
}
