// The customer's phone number as a request carries it (issue 36, item 4): one schema for the enquiry
// form, POST /api/enquiries and the booking form, so a rule is written once (docs/decisions/0465).
import { z } from 'zod';
import { PHONE_EXAMPLE, PHONE_MAX_LENGTH, readPhone } from '../phone.ts';

/**
 * Optional: absent is "not said" (undefined), while null, '' and white space are "none" (null). A
 * number given is read as people write it and kept as E.164 (+447700900123); anything else is refused
 * with what is wrong — control characters and line breaks included, as the number reaches mail and
 * CSV. The length is counted without the white space around it.
 */
export const optionalPhone = z
  .string({ error: PHONE_EXAMPLE })
  .meta({
    maxLength: PHONE_MAX_LENGTH,
    description:
      'A UK number starting with 0 (07700 900123, 020 7946 0958) or an international one starting with + ' +
      'or 00 and the country code; spaces, dashes, dots and brackets are allowed between digits. Kept as ' +
      'E.164. null, empty or blank: none.',
    examples: ['07700 900123', '+44 20 7946 0958'],
  })
  .nullable()
  .transform((typed, context): string | null => {
    if (typed === null || typed.trim() === '') return null;
    const reading = readPhone(typed);
    if (reading.ok) return reading.e164;
    context.addIssue({ code: 'custom', message: reading.problem, input: typed });
    return z.NEVER;
  })
  .optional();

/** A stored number as answers carry it: E.164, or null when none was given. */
export const storedPhone = z
  .string()
  .nullable()
  .meta({ description: 'E.164, such as +447700900123; null when none was given' });
