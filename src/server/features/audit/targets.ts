// The items an audit entry can name (issues 16, 28 and 36): content of the six kinds, admin accounts,
// enquiries and bookings. Their names come from the features that own them, never from their tables.
// An enquiry (its sender and the day it came) and a booking (its customer and first day) are named
// only when the log is read, from the live row: the log's rows hold no personal data, and an erased
// or deleted one is named no more.
import { formatDay } from '#shared/day-names.ts';
import { CONTENT_KIND_NAMES, type ContentKind } from '#shared/schemas/content.ts';
import type { AuditTargets } from '../../plugins/audit-trail.ts';
import { CUSTOMER_ACCEPT_ROUTE, CUSTOMER_MESSAGE_ROUTE } from '../bookings/customer-link.ts';

const ADMIN_PREFIX = '/api/admin/';
const USERS = 'users';
const ENQUIRIES = 'enquiries';
const BOOKINGS = 'bookings';
/** The changes of a booking's state, its money and its customer's link, each a route under the booking. */
const BOOKING_ACTIONS = ['confirm', 'cancel', 'complete', 'quote', 'money', 'new-customer-link'];
/** What a customer does on their booking's page, recorded against the booking (decision 0473). */
const CUSTOMER_ROUTES = [CUSTOMER_ACCEPT_ROUTE, CUSTOMER_MESSAGE_ROUTE];

type TargetKind = ContentKind | typeof USERS | typeof ENQUIRIES | typeof BOOKINGS;

export interface TargetOwners {
  content: {
    titleOf(kind: ContentKind, id: number): Promise<string | null>;
    existingIds(kind: ContentKind, ids: number[]): Promise<number[]>;
  };
  accounts: { usernameOf(id: number): Promise<string | null>; list(): Promise<{ id: number }[]> };
  enquiries: { sendersOf(ids: number[]): Promise<{ id: number; name: string; created_at: number }[]> };
  bookings: {
    customersOf(ids: number[]): Promise<{ id: number; customer_name: string; start_date: string }[]>;
  };
}

/** What an entry says of its item now: whether it exists, and for an enquiry who sent it and when. */
export interface TargetNow {
  exists: boolean | null;
  label: string | null;
}

/** The item an admin route writes (`/api/admin/events`, `/api/admin/enquiries/:id`), if any. */
function kindOf(route: string | null): TargetKind | null {
  if (route && CUSTOMER_ROUTES.includes(route)) return BOOKINGS;
  if (!route?.startsWith(ADMIN_PREFIX)) return null;
  const [kind, param, ...rest] = route.slice(ADMIN_PREFIX.length).split('/');
  // A booking and its changes of state; an enquiry being booked (the entry's id is the enquiry's).
  if (kind === BOOKINGS && param === ':id' && (rest.length === 0 || BOOKING_ACTIONS.includes(rest.join('/'))))
    return BOOKINGS;
  if (kind === ENQUIRIES && param === ':id' && rest.join('/') === 'booking') return ENQUIRIES;
  if (rest.length > 0 || (param !== undefined && param !== ':id')) return null;
  if (kind === USERS) return USERS;
  // Only a route about one enquiry names one (not the list, the export or a bulk delete).
  if (kind === ENQUIRIES) return param === ':id' ? ENQUIRIES : null;
  return (CONTENT_KIND_NAMES as string[]).includes(kind ?? '') ? (kind as ContentKind) : null;
}

const RECEIVED_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** 'Priya Shah (15 Jun 2026)': the sender and the London day the enquiry came. */
const enquiryLabel = (sender: { name: string; created_at: number }) =>
  `${sender.name} (${RECEIVED_DAY.format(new Date(Number(sender.created_at)))})`;

/** 'Priya Shah (Fri 14 Aug 2026)': the customer and the booking's first day. */
const bookingLabel = (booking: { customer_name: string; start_date: string }) =>
  `${booking.customer_name} (${formatDay(booking.start_date)})`;

/** The ids of each kind that still exist, with an enquiry's or a booking's label. */
async function present(owners: TargetOwners, wanted: Map<TargetKind, Set<number>>) {
  const found = new Map<TargetKind, Map<number, string | null>>();
  for (const [kind, ids] of wanted) {
    if (kind === ENQUIRIES) {
      const senders = await owners.enquiries.sendersOf([...ids]);
      found.set(kind, new Map(senders.map((sender) => [sender.id, enquiryLabel(sender)])));
      continue;
    }
    if (kind === BOOKINGS) {
      const customers = await owners.bookings.customersOf([...ids]);
      found.set(kind, new Map(customers.map((booking) => [booking.id, bookingLabel(booking)])));
      continue;
    }
    const existing =
      kind === USERS
        ? (await owners.accounts.list()).map((admin) => admin.id)
        : await owners.content.existingIds(kind, [...ids]);
    found.set(kind, new Map(existing.map((id) => [id, null])));
  }
  return found;
}

export function createAuditTargets(owners: TargetOwners) {
  return {
    /** The name an item has before a DELETE removes it, kept in the entry; never an enquiry's. */
    async nameOf(route: string, id: number): Promise<string | null> {
      const kind = kindOf(route);
      if (kind === USERS) return owners.accounts.usernameOf(id);
      if (kind === ENQUIRIES || kind === BOOKINGS || kind === null) return null;
      return owners.content.titleOf(kind, id);
    },

    /** For each entry: whether the item it names still exists (null: none we link to), and its label. */
    async describe(entries: { route: string | null; target_id: string | null }[]): Promise<TargetNow[]> {
      const wanted = new Map<TargetKind, Set<number>>();
      for (const entry of entries) {
        const kind = kindOf(entry.route);
        if (kind && entry.target_id)
          wanted.set(kind, (wanted.get(kind) ?? new Set()).add(Number(entry.target_id)));
      }
      const found = await present(owners, wanted);
      return entries.map((entry) => {
        const kind = kindOf(entry.route);
        if (!kind || !entry.target_id) return { exists: null, label: null };
        const items = found.get(kind);
        const id = Number(entry.target_id);
        return { exists: items?.has(id) ?? false, label: items?.get(id) ?? null };
      });
    },
  } satisfies AuditTargets & Record<string, unknown>;
}

export type AuditTargetLookup = ReturnType<typeof createAuditTargets>;
