// Which enquiries the admin's list shows and the export holds (issue 16): one status or all, and a
// search over name, e-mail, organisation and message. One rule, used by the screen and the server.
import { z } from 'zod';
import { ENQUIRY_STATUSES } from './constants.ts';

export const ENQUIRY_SEARCH_MAX = 200;

export const enquiryFilterQuery = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: `must be one of ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(ENQUIRY_SEARCH_MAX, `must be at most ${ENQUIRY_SEARCH_MAX} characters`).optional(),
});
export type EnquiryFilter = z.infer<typeof enquiryFilterQuery>;

interface Searchable {
  status: string;
  name: string;
  email: string;
  organisation: string;
  message: string;
}

/** Case-insensitive; every word of the search must appear somewhere in the four fields. */
export function matchesEnquiryFilter(enquiry: Searchable, filter: EnquiryFilter): boolean {
  if (filter.status && enquiry.status !== filter.status) return false;
  const words = (filter.q ?? '').toLocaleLowerCase('en-GB').split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [enquiry.name, enquiry.email, enquiry.organisation, enquiry.message]
    .join('\n')
    .toLocaleLowerCase('en-GB');
  return words.every((word) => haystack.includes(word));
}
