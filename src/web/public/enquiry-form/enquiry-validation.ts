// The enquiry form's rules: the very schema the server validates POST /api/enquiries with, so a rule is
// written once (docs/architecture.md#import-rule), through react-hook-form's zod resolver. Part of the
// checks' chunk (enquiry-checks.tsx), loaded on the form's first focus.
import '../../lib/zod-without-eval.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { enquiryRequest } from '#shared/schemas/enquiries.ts';
import type { EnquiryFields } from './enquiry-fields.ts';

/** The four fields the visitor fills in; the captcha token and the bot trap are not theirs to fix. */
const enquiryFields = enquiryRequest.pick({ name: true, email: true, organisation: true, message: true });

// raw: the form sends what the visitor typed; the server trims and cleans it with the same schema.
export const enquiryResolver: Resolver<EnquiryFields> = zodResolver(enquiryFields, undefined, { raw: true });
