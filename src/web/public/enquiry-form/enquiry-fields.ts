// The enquiry form's own fields, their labels, and how a message about one of them reads.

/** As typed: an optional field left empty is ''. */
export interface EnquiryFields {
  name: string;
  email: string;
  organisation: string;
  preferred_date: string;
  event_type: string;
  people: string;
  phone: string;
  message: string;
}

export type EnquiryField = keyof EnquiryFields;

/** In page order: the first one with a problem gets focus. */
export const ENQUIRY_FIELDS: readonly EnquiryField[] = [
  'name',
  'email',
  'organisation',
  'preferred_date',
  'event_type',
  'people',
  'phone',
  'message',
];

/** What the visitor may leave empty: the booking details they may not know yet, and a phone number. */
export const OPTIONAL_FIELDS: ReadonlySet<EnquiryField> = new Set([
  'preferred_date',
  'event_type',
  'people',
  'phone',
]);

/** What is wrong with each field, as the schema words it ('is required'). */
export type FieldProblems = Partial<Record<EnquiryField, string>>;

export const EMPTY_ENQUIRY: EnquiryFields = {
  name: '',
  email: '',
  organisation: '',
  preferred_date: '',
  event_type: '',
  people: '',
  phone: '',
  message: '',
};

export const FIELD_LABELS: Record<EnquiryField, string> = {
  name: 'Name',
  email: 'Email',
  organisation: 'Organisation or occasion',
  preferred_date: 'Preferred date',
  event_type: 'Type of event',
  people: 'Expected number of people',
  phone: 'Phone',
  message: 'Message',
};

/**
 * A line under a field's label. The organisation is required, but a private customer has none: the
 * occasion is what they write instead (issue 28).
 */
export const FIELD_HINTS: Partial<Record<EnquiryField, string>> = {
  organisation: 'Your company, festival or club — or, for a private party, the occasion (e.g. Sam’s 40th)',
};

export const isEnquiryField = (name: string): name is EnquiryField => Object.hasOwn(FIELD_LABELS, name);

/**
 * The server names the field it refuses as `field: problem` (docs/product.md#api, describeIssue), e.g.
 * 'email: must be an e-mail address such as name@example.com'. Returns the field and the problem
 * when the detail is about one of the visitor's fields, else null.
 */
export function fieldOfDetail(
  detail: string | null | undefined,
): { field: EnquiryField; problem: string } | null {
  const match = /^([a-z_]+): (.+)$/s.exec(detail ?? '');
  if (!match || !isEnquiryField(match[1]!)) return null;
  return { field: match[1], problem: match[2]! };
}

/** 'Name is required', 'Email must be an e-mail address such as name@example.com'. */
export const fieldMessage = (field: EnquiryField, problem: string): string =>
  `${FIELD_LABELS[field]} ${problem}`;
