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

/**
 * An id as it arrives in a path or query string: decimal digits only, no sign, spaces, leading
 * zeros, exponent or hex (`Number()` would read `0x10` as 16 and ` 1` as 1).
 */
export const idString = z
  .string({ error: ID_MESSAGE })
  .regex(/^[1-9][0-9]*$/, ID_MESSAGE)
  .regex(decimalUpTo(MAX_ID), `must be at most ${MAX_ID}`)
  .transform(Number);

export const idParams = z.object({ id: idString });

export const successResponse = z.object({ success: z.literal(true) });
