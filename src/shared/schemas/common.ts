import { z } from 'zod';

/** Ids are SERIAL/INTEGER columns: positive and within a signed 32-bit integer. */
export const MAX_ID = 2 ** 31 - 1;
const ID_MESSAGE = 'must be a positive whole number';

/**
 * A pattern matching the plain decimal spellings of 1..max: any shorter number, then the numbers of
 * max's length that are below it from some digit on, then max itself. A pattern rather than a check
 * after `Number()`, so the OpenAPI document carries the range (a path parameter is a string).
 */
export function decimalUpTo(max: number): RegExp {
  const digits = String(max);
  const alternatives = digits.length > 1 ? [`[1-9][0-9]{0,${digits.length - 2}}`] : [];
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit > lowest)
      alternatives.push(`${digits.slice(0, i)}[${lowest}-${digit - 1}][0-9]{${digits.length - i - 1}}`);
  }
  alternatives.push(digits);
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

const DECIMAL = /^[1-9][0-9]*$/;

/**
 * An id as it arrives in a path or query string: decimal digits only, no sign, spaces, leading
 * zeros, exponent or hex (`Number()` would read `0x10` as 16 and ` 1` as 1). One pattern says the
 * whole range, so the document carries it where a tester looks (a second pattern went into an
 * `allOf` that some testers skip); the message still tells "not a number" from "too large".
 */
export const idString = z
  .string({ error: ID_MESSAGE })
  .regex(decimalUpTo(MAX_ID), {
    error: (issue) => (DECIMAL.test(String(issue.input)) ? `must be at most ${MAX_ID}` : ID_MESSAGE),
  })
  .transform(Number);

export const idParams = z.object({ id: idString });

export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

/** The fields a strict object was sent that it does not take, in words a form can show. */
const unknownFieldsMessage = (keys: readonly string[], known: readonly string[]) =>
  `${keys.map((key) => `"${key}"`).join(', ')} ${keys.length === 1 ? 'is not a field' : 'are not fields'} ` +
  `of this request; it takes ${known.length ? known.join(', ') : 'none'}`;

/**
 * The object refusing fields it does not declare (400, naming them), where it would drop them: the
 * document says `additionalProperties: false` (docs/decisions/0437). Its own checks are kept.
 */
export function refusingExtras<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): z.ZodObject<Shape> {
  const known = Object.keys(schema.shape);
  const strict = z.strictObject(schema.shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys, known) : undefined,
  });
  const checks = (schema.def.checks ?? []) as z.core.$ZodCheck<unknown>[];
  return (checks.length ? strict.check(...checks) : strict) as unknown as z.ZodObject<Shape>;
}

/**
 * What a PUT may change: each of the object's fields, optional, without its default (a field not sent
 * keeps its stored value; it is not reset). Cross-field checks belong to the merged whole.
 */
export function changesOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields = Object.entries(schema.shape).map(([field, type]) => {
    const bare = type instanceof z.ZodDefault ? (type.removeDefault() as z.ZodType) : (type as z.ZodType);
    return [field, bare.optional()] as const;
  });
  return z.object(Object.fromEntries(fields) as { [K in keyof Shape]: z.ZodOptional<z.ZodType> });
}
