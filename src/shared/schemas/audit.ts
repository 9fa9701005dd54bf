import { z } from 'zod';
import { idString } from './common.ts';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export const auditQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AUDIT_PAGE_MAX, `must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
  /** Cursor: only entries older than this id (pass the previous page's `next_before`). */
  before: idString.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  admin_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
  /** Whether the item the entry names still exists; null when it names no item the screen links to. */
  target_exists: z.boolean().nullable(),
  /**
   * An enquiry's sender and the day it came ('Priya Shah (15 Jun 2026)'), read from the live enquiry
   * when the log is read — the log itself keeps no personal data; null once it is gone, and for
   * entries about anything else (a content item's name is in `detail`, as it was at the time).
   */
  target_label: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  success: z.literal(true),
  entries: z.array(auditEntry),
  next_before: z.number().int().nullable(),
});
