// The enquiries table (migrations 0003, 0008, 0009, 0016, 0018), apart from schema.ts to keep each file
// readable; schema.ts's Database names it.
import type { Generated } from 'kysely';

export interface EnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  organisation: string;
  message: string;
  status: string;
  spam_reason: string | null;
  created_at: number;
  updated_at: number;
  notify_pending: number;
  business_notified_at: number | null;
  visitor_acknowledged_at: number | null;
  notify_attempts: number;
  notify_next_at: number | null;
  notify_claimed_until: number | null;
  notify_error: string | null;
  /** Why the mail is still owed: 'no_address' (waiting, not retried) or a mail failure kind (0008). */
  notify_failure: string | null;
  /** The acknowledgement was held back by the mailbox limit: settled, never sent late (0008). */
  visitor_ack_skipped_at: number | null;
  /** Where the enquiry came from, as the visitor's page said (0009): campaign tags, referring host. */
  source_utm_source: string | null;
  source_utm_medium: string | null;
  source_utm_campaign: string | null;
  source_referrer_host: string | null;
  /** What the visitor asked for (0016): a day, festival | corporate | private | other, a head count. */
  preferred_date: string | null;
  event_type: string | null;
  people: number | null;
  /** 1: the preferred date was already confirmed for someone else when the enquiry came. */
  date_taken: number | null;
  /** The visitor's phone number as E.164 (+447700900123), or null when they gave none (0018). */
  phone: string | null;
}
