import type { AdminUser } from '#shared/schemas/accounts.ts';
import { toIso } from '../../lib/clock.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function toAdminUser(row: {
  id: number;
  username: string;
  email: string;
  role: string;
  force_password_change: number;
  created_at: number;
}): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role === 'superadmin' ? 'superadmin' : 'admin',
    force_password_change: row.force_password_change === 1,
    created_at: toIso(row.created_at),
  };
}
