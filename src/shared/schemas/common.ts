import { z } from 'zod';

/** Ids are SERIAL/INTEGER columns: positive and within a signed 32-bit integer. */
export const MAX_ID = 2 ** 31 - 1;
const ID_MESSAGE = 'must be a positive whole number';

/**
 * An id as it arrives in a path or query string: decimal digits only, no sign, spaces, leading
 * zeros, exponent or hex (`Number()` would read `0x10` as 16 and ` 1` as 1).
 */
export const idString = z
  .string({ error: ID_MESSAGE })
  .regex(/^[1-9][0-9]*$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, `must be at most ${MAX_ID}`));

export const idParams = z.object({ id: idString });

export const successResponse = z.object({ success: z.literal(true) });
