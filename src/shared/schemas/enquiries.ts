// Booking enquiries: POST /api/enquiries and the admin enquiry calls (docs/product.md#enquiry-intake,
// docs/product.md#enquiry-statuses).
import { z } from 'zod';
import { singleLine, stripControlCharactersButLayout, VISIBLE_CHARACTER } from '../control-characters.ts';
import { MAX_ID, successResponse } from './common.ts';
import { sourceIgnoredIfMalformed } from './enquiry-source.ts';
import { optionalPhone, storedPhone } from './phone.ts';
import {
  BOOKING_STATES,
  ENQUIRY_LIMITS,
  EVENT_TYPES,
  HONEYPOT_FIELD,
  ENQUIRY_STATUSES,
} from '../constants.ts';
import { people } from './bookings.ts';
import { calendarDay } from './dates.ts';

export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const NOTIFICATION_WAITS = ['address', 'mail_server', 'sending'] as const;
export type NotificationWait = (typeof NOTIFICATION_WAITS)[number];

/**
 * Trimmed and required; control characters are removed first (PostgreSQL cannot store NUL), and in
 * a one-line field (a name, an organisation) each run of line breaks becomes a space. The document
 * says "has a visible character" (the same rule as "not empty once cleaned") and the most characters
 * a form should send; the length is counted after cleaning, so text that is longer only by white
 * space or control characters around it is still taken (a visitor's enquiry is not lost over it).
 */
const requiredText = (max: number, clean = singleLine) =>
  z
    .string({ error: 'is required' })
    .regex(VISIBLE_CHARACTER, 'is required')
    .meta({ maxLength: max })
    .transform(clean)
    .pipe(z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`));

/**
 * A visitor's e-mail address as the enquiry form takes it (also how a data-subject request names
 * them): exactly an address, as the document's `format: email` says, with no white space around it
 * (a browser's e-mail field removes it before the form is sent; an erasure must name exactly whom).
 */
export const visitorEmail = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(ENQUIRY_LIMITS.email, `must be at most ${ENQUIRY_LIMITS.email} characters`)
  .check(z.email('must be an e-mail address such as name@example.com'));

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What the visitor may leave out: absent, null and '' (an empty form field) all mean "not given",
 * stored as null. The union's own message covers a value of the wrong kind altogether.
 */
const notRequired = <T extends z.ZodType<string | number>>(schema: T, message: string) =>
  z
    .union([schema, z.literal('')], { error: message })
    .nullable()
    .transform((value): z.output<T> | null => (value === '' ? null : value))
    .optional();

const EVENT_TYPE_PROBLEM = `must be one of ${EVENT_TYPES.join(', ')}`;

export const enquiryRequest = z.object({
  name: requiredText(ENQUIRY_LIMITS.name),
  email: visitorEmail,
  organisation: requiredText(ENQUIRY_LIMITS.organisation),
  message: requiredText(ENQUIRY_LIMITS.message, stripControlCharactersButLayout),
  // Optional here so a missing token gets the captcha's own message rather than a field error.
  recaptchaToken: z
    .string({ error: 'must be a string' })
    .max(ENQUIRY_LIMITS.captchaToken, 'is not a valid verification token')
    .nullish(),
  /**
   * The day the visitor would like, in Europe/London. "Today or later" and how far ahead are checked
   * by the server against its clock (a schema cannot say it); a day already booked is still taken.
   */
  preferred_date: notRequired(calendarDay, 'must be a date in the form YYYY-MM-DD'),
  event_type: notRequired(z.enum(EVENT_TYPES, { error: EVENT_TYPE_PROBLEM }), EVENT_TYPE_PROBLEM),
  people: notRequired(people, 'must be a whole number of people'),
  /** A UK or international number to ring them on (issue 36); stored as E.164. */
  phone: optionalPhone,
  [HONEYPOT_FIELD]: z.unknown().optional(),
  /** Where the visitor came from (issue 17); never a reason to refuse an enquiry. */
  source: sourceIgnoredIfMalformed,
});
export type EnquiryRequest = z.infer<typeof enquiryRequest>;

export const enquiry = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** The number they gave to ring them on, as E.164; null when none. */
  phone: storedPhone,
  organisation: z.string(),
  message: z.string(),
  created_at: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  /** The business notice or the visitor's acknowledgement is still owed (Send Pending Notifications). */
  notification_pending: z.boolean(),
  /**
   * Why mail is still owed (null when nothing is): `address` — the notice waits for an address to
   * send enquiries to; `mail_server` — the last try failed at the mail server and will be retried;
   * `sending` — not tried yet, or being sent now.
   */
  notification_waiting_for: z.enum(NOTIFICATION_WAITS).nullable(),
  /** The visitor has not had their acknowledgement yet (one the mailbox limit held back is not owed). */
  acknowledgement_pending: z.boolean(),
  /** Where it came from: the label it is counted under, and what the visitor's page said (issue 17). */
  source: z.object({
    label: z.string(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    referrer_host: z.string().nullable(),
  }),
  /** What the visitor asked for, when they said (null when not). */
  preferred_date: z.string().nullable(),
  event_type: z.enum(EVENT_TYPES).nullable(),
  people: z.number().nullable(),
  /** The preferred date was already confirmed for another booking when the enquiry came. */
  date_taken: z.boolean(),
  /** Its booking that is not cancelled, if any (at most one; docs/product.md#bookings). */
  booking: z.object({ id: z.number(), state: z.enum(BOOKING_STATES), start_date: z.string() }).nullable(),
});
export type Enquiry = z.infer<typeof enquiry>;

export const enquiryList = z.object({ success: z.literal(true), enquiries: z.array(enquiry) });

export const enquiryStatusUpdate = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: `must be one of ${ENQUIRY_STATUSES.join(', ')}` }),
});

export const bulkDeleteRequest = z
  .array(
    z
      .number({ error: 'must be a list of enquiry ids' })
      .int('must be whole numbers')
      .positive('must be positive')
      // The column is a 32-bit integer: PostgreSQL refuses to compare with a larger number (issue 15).
      .max(MAX_ID, `must be at most ${MAX_ID}`),
    {
      error: 'must be a JSON array of enquiry ids',
    },
  )
  .min(1, 'Please select enquiries to delete')
  .max(ENQUIRY_LIMITS.bulkDelete, `must hold at most ${ENQUIRY_LIMITS.bulkDelete} ids`);

export const notificationsResult = z.object({
  success: z.literal(true),
  /** The spec's words, "<n> notification(s) sent"; screens count with `sent`. */
  message: z.string(),
  sent: z.number().int().nonnegative(),
});

export const enquiriesDeleted = successResponse.extend({ deleted: z.number() });

export const enquiryUpdated = z.object({ success: z.literal(true), enquiry });

/** GET /api/captcha/config: what the form needs to show the configured captcha. */
export const captchaConfig = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'off']),
  challenge_url: z.string().nullable(),
  site_key: z.string().nullable(),
  action: z.string().nullable(),
  honeypot_field: z.string(),
});
