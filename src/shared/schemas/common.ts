import { z } from 'zod';

export const idParams = z.object({
  id: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(2 ** 31 - 1),
});

export const successResponse = z.object({ success: z.literal(true) });
