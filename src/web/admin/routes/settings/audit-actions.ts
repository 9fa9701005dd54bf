// Audit entries as sentences an owner reads (issue 16): named security events, and for writes what
// was done to which item, by the name it had at the time ("Hid the event 'Summer Music Festival'").
import { ADMIN_PATHS } from '../../paths.ts';

const NAMED: Record<string, string> = {
  login: 'Signed in',
  'login.failed': 'Failed sign-in',
  lockout: 'Locked out after failed attempts',
  'two-factor.failed': 'Wrong two-factor code',
  'change-password.failed': 'Wrong current password when changing it',
  'password-reset-confirm.failed': 'Tried an invalid or used password reset link',
  'password.changed': 'Changed password',
  'password.reset_requested': 'Requested a password reset',
  'password.reset': 'Reset password',
  '2fa.enabled': 'Turned on two-factor login',
  '2fa.disabled': 'Turned off two-factor login',
  '2fa.recovery_code_used': 'Used a recovery code',
  '2fa.recovery_codes_regenerated': 'Created new recovery codes',
  '2fa.recovery_codes_revoked': 'Old recovery codes withdrawn (new ones needed)',
  'data_subject.erased': "Erased a person's enquiries",
  'booking.accepted_by_customer': 'A customer accepted a quote on their booking page',
  'booking.customer_message': 'A customer asked for a change on their booking page',
};

const ENQUIRY_STATUS = 'PATCH /api/admin/enquiries/:id';
const ENQUIRY_DELETE = 'DELETE /api/admin/enquiries/:id';

const SPECIAL: Record<string, string> = {
  'POST /api/admin/logout': 'Signed out',
  'POST /api/admin/upload': 'Uploaded a file',
  'PUT /api/admin/site': 'Updated the business details',
  'DELETE /api/admin/analytics/reset': 'Reset analytics',
  'POST /api/admin/enquiries/send-notifications': 'Sent pending notifications',
  [ENQUIRY_DELETE]: 'Deleted an enquiry',
  'POST /api/admin/mail/test': 'Sent a test e-mail',
  'PUT /api/admin/mail/settings': 'Changed the mail server',
  'DELETE /api/admin/mail/settings': 'Removed the mail server',
  'PUT /api/admin/payments': 'Changed the payment details',
  'POST /api/admin/saved-mail/send': 'Sent the messages saved while no mail server was set',
  'POST /api/admin/trash/restore': 'Restored deleted items',
  'PUT /api/admin/weekly-report': 'Changed their weekly report e-mail',
  'POST /api/admin/weekly-report/preview': 'Sent themselves a weekly report preview',
  'POST /api/admin/enquiries/:id/booking': 'Made a provisional booking from an enquiry',
  'PUT /api/admin/bookings/:id': 'Edited a booking',
  'POST /api/admin/bookings/:id/confirm': 'Confirmed a booking',
  'POST /api/admin/bookings/:id/cancel': 'Cancelled a booking',
  'POST /api/admin/bookings/:id/complete': 'Marked a booking completed',
  'POST /api/admin/bookings/:id/quote': 'Sent a booking as a quote',
  'PUT /api/admin/bookings/:id/money': 'Recorded the money of a booking',
  'POST /api/admin/bookings/:id/new-customer-link': "Made a new link to a booking's customer page",
  'POST /api/admin/bookings/calendar-feed/rotate': 'Made a new bookings calendar address',
};

/** Each kind of item: how a sentence names one ("the event", "an event") and its screen. */
const ITEMS: Record<string, { the: string; a: string; path: string }> = {
  events: { the: 'the event', a: 'an event', path: ADMIN_PATHS.events },
  logos: { the: 'the partner logo', a: 'a partner logo', path: ADMIN_PATHS.logos },
  badges: { the: 'the badge', a: 'a badge', path: ADMIN_PATHS.badges },
  gallery: { the: 'the gallery image', a: 'a gallery image', path: ADMIN_PATHS.gallery },
  videos: { the: 'the video', a: 'a video', path: ADMIN_PATHS.videos },
  testimonials: { the: 'the testimonial from', a: 'a testimonial', path: ADMIN_PATHS.testimonials },
  users: { the: 'the admin user', a: 'an admin user', path: ADMIN_PATHS.users },
  enquiries: { the: 'the enquiry', a: 'an enquiry', path: ADMIN_PATHS.enquiries },
};

const VERBS: Record<string, string> = { POST: 'Added', PUT: 'Edited', PATCH: 'Changed', DELETE: 'Deleted' };
const CHANGE_VERBS: Record<string, string> = {
  hidden: 'Hid',
  shown: 'Showed',
  reordered: 'Moved',
  edited: 'Edited',
};

interface Detail {
  name?: string;
  change?: string;
  status?: string;
  ids?: number[];
  /** How many ids there were when the entry had to list fewer to stay within its size. */
  ids_total?: number;
}

function parseDetail(detail: string | null | undefined): Detail {
  if (!detail) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Detail) : {};
  } catch {
    // Entries written before the size cap kept them JSON; their sentence goes without the name.
    return {};
  }
}

const itemOf = (action: string) => {
  const match = /^(POST|PUT|PATCH|DELETE) \/api\/admin\/([a-z-]+)(\/:id)?$/.exec(action);
  return match ? { verb: match[1]!, item: ITEMS[match[2]!] } : null;
};

/** The item an entry is about as the server finds it now (GET /api/admin/audit). */
export interface AuditItemNow {
  id: string | null;
  exists: boolean | null;
  /** An enquiry's sender and day, or a booking's customer and first day, read live; null once gone. */
  label: string | null;
}

/**
 * How a sentence names the enquiry an entry is about: by its sender and day while it exists, by its
 * number once it is gone (the log keeps no personal data), or as 'an enquiry' without either.
 */
function enquiryNamed(item: AuditItemNow | undefined, gone: (id: string) => string): string | null {
  if (item?.label) return `the enquiry from ${item.label}`;
  return item?.exists === false && item.id ? gone(item.id) : null;
}

/** A booking's entries, finished by the booking's customer and first day while it exists. */
const BOOKING_SENTENCES: Record<string, string> = {
  'PUT /api/admin/bookings/:id': 'Edited the booking for',
  'POST /api/admin/bookings/:id/confirm': 'Confirmed the booking for',
  'POST /api/admin/bookings/:id/cancel': 'Cancelled the booking for',
  'POST /api/admin/bookings/:id/complete': 'Marked completed the booking for',
  'POST /api/admin/bookings/:id/quote': 'Sent as a quote the booking for',
  // The customer's own actions on their page (docs/decisions/0473).
  'booking.accepted_by_customer': 'The customer accepted the quote for the booking for',
  'booking.customer_message': 'The customer asked for a change to the booking for',
  'PUT /api/admin/bookings/:id/money': 'Recorded the money of the booking for',
  'POST /api/admin/bookings/:id/new-customer-link':
    "Made a new link to the customer's page of the booking for",
};
const BOOK_ENQUIRY = 'POST /api/admin/enquiries/:id/booking';

/** The sentence naming the booking or the enquiry booked, or undefined when it cannot name one. */
function bookingSentence(action: string, item?: AuditItemNow): string | undefined {
  if (!item?.label) return undefined;
  if (action === BOOK_ENQUIRY) return `Made a provisional booking from the enquiry from ${item.label}`;
  const start = BOOKING_SENTENCES[action];
  return start ? `${start} ${item.label}` : undefined;
}

/** The sentence about an enquiry, or undefined when the entry is about something else. */
function enquirySentence(action: string, facts: Detail, item?: AuditItemNow): string | undefined {
  if (action === ENQUIRY_STATUS) {
    const which = enquiryNamed(item, (id) => `deleted enquiry #${id}`) ?? 'an enquiry';
    return facts.status ? `Marked ${which} as ${facts.status}` : 'Changed an enquiry status';
  }
  if (action === ENQUIRY_DELETE) {
    const which = enquiryNamed(item, (id) => `enquiry #${id}`);
    return which ? `Deleted ${which}` : undefined;
  }
  return undefined;
}

/**
 * The sentence for an entry; `detail` adds the item's name, the kind of change or the ids, `item`
 * the enquiry it is about.
 */
export function describeAuditAction(action: string, detail?: string | null, item?: AuditItemNow): string {
  const facts = parseDetail(detail);
  const aboutEnquiry = enquirySentence(action, facts, item) ?? bookingSentence(action, item);
  if (aboutEnquiry) return aboutEnquiry;
  if (action === 'POST /api/admin/enquiries/bulk-delete') {
    const count = facts.ids_total ?? facts.ids?.length;
    return count ? `Deleted ${count} ${count === 1 ? 'enquiry' : 'enquiries'}` : 'Deleted enquiries';
  }
  const named = NAMED[action] ?? SPECIAL[action];
  if (named) return named;
  const write = itemOf(action);
  if (!write?.item) return action;
  const verb =
    (write.verb === 'PUT' && facts.change ? CHANGE_VERBS[facts.change] : undefined) ?? VERBS[write.verb];
  const suffix = facts.change === 'shown' ? ' on the website' : '';
  return facts.name
    ? `${verb} ${write.item.the} '${facts.name}'${suffix}`
    : `${verb} ${write.item.a}${suffix}`;
}

/** The screen of the item an entry names, for a link while the item still exists. */
export function auditItemPath(action: string, id?: string | null): string | null {
  if (action in BOOKING_SENTENCES)
    return id ? `${ADMIN_PATHS.bookings}?booking=${encodeURIComponent(id)}` : ADMIN_PATHS.bookings;
  if (action === BOOK_ENQUIRY) return ADMIN_PATHS.enquiries;
  return itemOf(action)?.item?.path ?? null;
}
