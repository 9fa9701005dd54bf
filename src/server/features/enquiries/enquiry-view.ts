import type { Enquiry, EnquiryStatus, EventType } from '#shared/schemas/enquiries.ts';
import { sourceLabel } from '#shared/schemas/enquiry-source.ts';
import { sourceName } from '#shared/source-names.ts';
import { toIso } from '../../lib/clock.ts';
import { WAITING_FOR_ADDRESS, type EnquiryRow } from './repository.ts';

/** A stored enquiry as the API shows it (the admin list, and a data-subject access request). */
export const toEnquiry = (row: EnquiryRow): Enquiry => ({
  id: row.id,
  name: row.name,
  email: row.email,
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
});

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
