// The enquiry form's rules: the very schema the server validates POST /api/enquiries with, so a rule is
// written once (docs/architecture.md#import-rule), through react-hook-form's zod resolver. Part of the
// checks' chunk (enquiry-checks.tsx), loaded on the form's first focus.
import '../../lib/zod-without-eval.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { people } from '#shared/schemas/bookings.ts';
import { enquiryRequest } from '#shared/schemas/enquiries.ts';
import { typedPeople } from './enquiry-body.ts';
import type { EnquiryFields } from './enquiry-fields.ts';

/**
 * The fields the visitor fills in; the captcha token and the bot trap are not theirs to fix. A number
 * field gives text: it is checked as the number it will be sent as. Whether the preferred date is
 * still to come depends on the clock and is the server's to say.
 */
const enquiryFields = enquiryRequest
  .pick({
    name: true,
    email: true,
    organisation: true,
    preferred_date: true,
    event_type: true,
    people: true,
    phone: true,
    message: true,
  })
  .extend({ people: z.string().transform(typedPeople).pipe(people.nullable()) });

// raw: the form sends what the visitor typed; the server trims and cleans it with the same schema.
// The schema takes narrower text than a field's string (the select offers only the types of event).
export const enquiryResolver = zodResolver(enquiryFields, undefined, {
  raw: true,
}) as unknown as Resolver<EnquiryFields>;
