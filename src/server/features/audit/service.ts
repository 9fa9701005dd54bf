// Who did what, when, to which id: every admin write, sign-in event and security change
// (issue 3 "Audit log"). Writes are awaited so an entry exists by the time the client sees success.
import type { AuditEntry, AuditQuery } from '#shared/schemas/audit.ts';
import type { Db } from '../../db/database.ts';
import { toIso, type Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';

/** Named security events; generic writes use "<METHOD> <route pattern>". */
export const AUDIT_ACTIONS = {
  login: 'login',
  loginFailed: 'login.failed',
  lockout: 'lockout',
  passwordChanged: 'password.changed',
  passwordResetRequested: 'password.reset_requested',
  passwordReset: 'password.reset',
  twoFactorEnabled: '2fa.enabled',
  twoFactorDisabled: '2fa.disabled',
  recoveryCodeUsed: '2fa.recovery_code_used',
  recoveryCodesRegenerated: '2fa.recovery_codes_regenerated',
} as const;

export interface AuditRecord {
  adminId: number | null;
  /** The e-mail of the admin (or the address tried, for a failed login), kept even if the account goes. */
  actor: string;
  action: string;
  method?: string | null;
  route?: string | null;
  targetId?: string | number | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
}

// Caps what one entry may hold, so a hostile request can't bloat the table. Room for the ids of the
// largest bulk delete (1,000 ids of up to 10 digits), so the log says which enquiries went.
export const MAX_DETAIL_CHARS = 12_000;
const MAX_ACTOR_CHARS = 320;
const MAX_TEXT_CHARS = 500;

const cutList = (list: unknown[]) => list.slice(0, Math.floor(list.length / 2));

/**
 * The entry's detail as JSON of at most MAX_DETAIL_CHARS, always JSON the log can read: when it is
 * too long, text is cut and each list is halved until it fits, its whole length kept beside it
 * (`ids_total`), so "Deleted 1,000 enquiries" stays true even if not every id is listed.
 */
export function detailText(detail: Record<string, unknown>): string {
  const whole = JSON.stringify(detail);
  if (whole.length <= MAX_DETAIL_CHARS) return whole;
  const cut: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) cut[`${key}_total`] = value.length;
    cut[key] = typeof value === 'string' ? value.slice(0, MAX_TEXT_CHARS) : value;
  }
  for (let text = JSON.stringify(cut); ; text = JSON.stringify(cut)) {
    if (text.length <= MAX_DETAIL_CHARS) return text;
    const lists = Object.keys(cut).filter(
      (key) => Array.isArray(cut[key]) && (cut[key] as unknown[]).length > 0,
    );
    if (lists.length === 0) return JSON.stringify({ cut: true });
    for (const key of lists) cut[key] = cutList(cut[key] as unknown[]);
  }
}

export function createAuditService(db: Db, clock: Clock) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      const detail = entry.detail ? detailText(entry.detail) : null;
      await repo.insertAuditEntry(db, {
        created_at: clock.now(),
        admin_id: entry.adminId,
        actor: entry.actor.slice(0, MAX_ACTOR_CHARS),
        action: entry.action,
        method: entry.method ?? null,
        route: entry.route ?? null,
        target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
        ip: entry.ip ?? null,
        detail,
      });
    },

    async list(query: AuditQuery): Promise<{
      entries: Omit<AuditEntry, 'target_exists' | 'target_label'>[];
      next_before: number | null;
    }> {
      const rows = await repo.listAuditEntries(db, query.limit, query.before);
      const entries = rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
      const last = rows.at(-1);
      return { entries, next_before: rows.length === query.limit && last ? last.id : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
