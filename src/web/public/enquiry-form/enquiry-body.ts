// The fields as the server takes them: typed text, except the number of people, sent as a number.
import type { EnquiryFields } from './enquiry-fields.ts';

/** '' (left empty) is not given; anything else is the number typed (NaN if it is none, refused). */
export const typedPeople = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed));

export const enquiryBody = (fields: EnquiryFields) => ({ ...fields, people: typedPeople(fields.people) });
