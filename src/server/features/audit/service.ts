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

// Caps what one entry may hold, so a hostile request can't bloat the table.
export const MAX_DETAIL_CHARS = 2000;
const MAX_ACTOR_CHARS = 320;

export function createAuditService(db: Db, clock: Clock) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      const detail = entry.detail ? JSON.stringify(entry.detail).slice(0, MAX_DETAIL_CHARS) : null;
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
