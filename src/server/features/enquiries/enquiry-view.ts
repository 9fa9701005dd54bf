import type { BookingState } from '#shared/schemas/bookings.ts';
import type { Enquiry, EnquiryStatus, EventType } from '#shared/schemas/enquiries.ts';
import { sourceLabel } from '#shared/schemas/enquiry-source.ts';
import { sourceName } from '#shared/source-names.ts';
import { toIso } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { liveBookingsOf, WAITING_FOR_ADDRESS, type EnquiryRow } from './repository.ts';

/** Ids per query: well under SQLite's bound-parameter limit. */
const ID_BATCH = 500;

/** A stored enquiry as the API shows it (the admin list, and a data-subject access request). */
export const toEnquiry = (row: EnquiryRow): Enquiry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  organisation: row.organisation,
  message: row.message,
  created_at: toIso(row.created_at),
  status: row.status as EnquiryStatus,
  notification_pending: row.notify_pending === 1,
  notification_waiting_for:
    row.notify_pending !== 1
      ? null
      : row.notify_failure === WAITING_FOR_ADDRESS
        ? 'address'
        : row.notify_failure !== null
          ? 'mail_server'
          : 'sending',
  acknowledgement_pending:
    row.notify_pending === 1 && row.visitor_acknowledged_at === null && row.visitor_ack_skipped_at === null,
  source: storedSource(row),
  preferred_date: row.preferred_date,
  event_type: row.event_type as EventType | null,
  people: row.people,
  date_taken: row.date_taken === 1,
  booking: null,
});

/** The enquiries as the API shows them, each with its live booking (read in one query per 500). */
export async function withBookings(db: Db, rows: EnquiryRow[]): Promise<Enquiry[]> {
  const ids = rows.map((row) => row.id);
  const live = new Map<number, Enquiry['booking']>();
  for (let i = 0; i < ids.length; i += ID_BATCH)
    for (const booking of await liveBookingsOf(db, ids.slice(i, i + ID_BATCH)))
      live.set(booking.enquiry_id!, {
        id: booking.id,
        state: booking.state as BookingState,
        start_date: booking.start_date,
      });
  return rows.map((row) => ({ ...toEnquiry(row), booking: live.get(row.id) ?? null }));
}

function storedSource(row: EnquiryRow): Enquiry['source'] {
  const source = {
    utm_source: row.source_utm_source,
    utm_medium: row.source_utm_medium,
    utm_campaign: row.source_utm_campaign,
    referrer_host: row.source_referrer_host,
  };
  // Named as the reports name it: "Google" for google.co.uk, "Direct or unknown" (decision 0442).
  return { label: sourceName(sourceLabel(source)), ...source };
}
