// The tables of migration 0022 (issue 36, item 5; docs/decisions/0475), beside schema.ts to keep it short.

/** How customers pay, saved in Settings › Payments: one row, id 1, once saved. */
export interface PaymentSettingsTable {
  id: number;
  /** Bank details for a transfer; all three empty while none are given. */
  account_name: string;
  /** Six digits, no dashes. */
  sort_code: string;
  /** Eight digits. */
  account_number: string;
  /** An https address where customers pay by card; empty while none. */
  payment_link: string;
  /** Whole days before a booking's first day its balance is due (0–90). */
  balance_due_days: number;
  updated_at: number;
  updated_by: number | null;
}

/**
 * An enquiry's mail that was only written to the outbox (no mail server was set), to send once one
 * is; (enquiry_id, kind) is the key, `claimed_until` lets one instance at a time send it.
 */
export interface SavedMailsTable {
  enquiry_id: number;
  /** notice (to the business) | acknowledgement (to the visitor) */
  kind: string;
  /** saved | sent */
  state: string;
  claimed_until: number | null;
  /** Why the last attempt to send it failed, in the owner's words. */
  error: string | null;
  created_at: number;
  sent_at: number | null;
}
