// The table of migration 0014 (issue 28, docs/decisions/0440), beside schema.ts to keep it short.

/** The mail server set in Settings › Mail (migration 0014): one row, id 1, while one is set. */
export interface MailSettingsTable {
  id: number;
  host: string;
  port: number;
  security: string;
  username: string;
  /** Sealed under the server key (lib/secret-box.ts); never stored in the clear. */
  password_sealed: string | null;
  from_address: string;
  updated_at: number;
  updated_by: number | null;
}
