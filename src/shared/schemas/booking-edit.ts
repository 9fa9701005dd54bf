// The If-Match of a booking edit (docs/decisions/0476), apart from bookings.ts to keep that file
// within its size.
import { z } from 'zod';
import { MAX_ID } from './common.ts';

/**
 * The If-Match header of an edit: the booking's version, as an entity tag ("7"), read when the form
 * was opened (docs/decisions/0476).
 */
export const bookingEditHeaders = z.object({
  'if-match': z
    .string()
    .regex(/^"[1-9]\d{0,9}"$/, 'must be the booking\'s version in double quotes, such as "3"')
    .transform((tag) => Number(tag.slice(1, -1)))
    .pipe(z.number().max(MAX_ID, `must be at most "${MAX_ID}"`))
    .optional()
    .meta({ description: 'The version the edit was made from; a booking changed since answers 409' }),
});
