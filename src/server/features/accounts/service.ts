// Admin accounts and their sessions: login, bearer-token checks, and the rules for who may create
// or delete whom (SPEC §6 and DESIGN "Roles").
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS, type AdminRole } from '#shared/constants.ts';
import type { AdminUser, CreateAdminRequest } from '#shared/schemas/accounts.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { toIso } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/secrets.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Who is making an authenticated request. */
export interface SessionAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  forcePasswordChange: boolean;
  sessionId: number;
}

// Writing last_seen_at on every request would turn every admin read into a write; a minute of
// slack on a 30-minute idle timeout is harmless.
const TOUCH_INTERVAL_MS = 60 * 1000;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

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

export function createAccountsService(db: Db, clock: Clock) {
  async function startSession(adminId: number): Promise<string> {
    const token = newToken();
    await repo.insertSession(db, adminId, hashToken(token), clock.now());
    return token;
  }

  return {
    async login(email: string, password: string): Promise<{ access_token: string; force_password_change: boolean }> {
      const admin = await repo.findAdminByEmail(db, normaliseEmail(email));
      const ok = admin ? await verifyPassword(admin.password_hash, password) : await verifyAgainstNothing(password);
      if (!admin || !ok) throw unauthorized(INVALID_CREDENTIALS);
      return { access_token: await startSession(admin.id), force_password_change: admin.force_password_change === 1 };
    },

    /** The admin behind a bearer token, or undefined when the token is unknown, idle too long or too old. */
    async authenticate(token: string): Promise<SessionAdmin | undefined> {
      const row = await repo.findSessionWithAdmin(db, hashToken(token));
      if (!row) return undefined;
      const now = clock.now();
      if (now - row.last_seen_at > SESSION_IDLE_TIMEOUT_MS || now - row.session_created_at > SESSION_ABSOLUTE_TIMEOUT_MS) {
        await repo.deleteSession(db, row.session_id);
        return undefined;
      }
      if (now - row.last_seen_at > TOUCH_INTERVAL_MS) await repo.touchSession(db, row.session_id, now);
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        role: row.role === 'superadmin' ? 'superadmin' : 'admin',
        forcePasswordChange: row.force_password_change === 1,
        sessionId: row.session_id,
      };
    },

    logout: (sessionId: number) => repo.deleteSession(db, sessionId),

    async me(adminId: number): Promise<AdminUser> {
      const admin = await repo.findAdminById(db, adminId);
      if (!admin) throw unauthorized();
      return toAdminUser(admin);
    },

    async list(): Promise<AdminUser[]> {
      return (await repo.listAdmins(db)).map(toAdminUser);
    },

    countAdmins: () => repo.countAdmins(db),

    /**
     * Creates an account. `actor` is the admin doing it (undefined from the shell or first run).
     * Accounts made by someone else must change their password at first login.
     */
    async create(
      actor: SessionAdmin | undefined,
      input: CreateAdminRequest,
      options: { forcePasswordChange: boolean },
    ): Promise<AdminUser> {
      if (actor && input.role === 'superadmin' && actor.role !== 'superadmin') {
        throw forbidden('Only a superadmin can create a superadmin');
      }
      const email = normaliseEmail(input.email);
      const clash = await repo.findAdminByEmailOrUsername(db, email, input.username);
      if (clash) {
        throw conflict(
          clash.email === email ? 'An admin with this email already exists' : 'An admin with this username already exists',
        );
      }
      const now = clock.now();
      try {
        const row = await repo.insertAdmin(db, {
          username: input.username,
          email,
          password_hash: await hashPassword(input.password),
          role: input.role,
          force_password_change: options.forcePasswordChange ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        return toAdminUser(row);
      } catch (error) {
        // Two requests racing past the check above meet the unique index instead.
        if (/unique/i.test(String(error))) throw conflict('An admin with this email or username already exists');
        throw error;
      }
    },

    async remove(actor: SessionAdmin, id: number): Promise<AdminUser> {
      if (actor.id === id) throw forbidden('You cannot delete your own account');
      return db.transaction().execute(async (trx) => {
        const target = await repo.findAdminById(trx, id);
        if (!target) throw notFound('Admin user not found');
        if (target.role === 'superadmin') {
          if (actor.role !== 'superadmin') throw forbidden('Only a superadmin can delete a superadmin');
          if ((await repo.countSuperadmins(trx)) <= 1) throw forbidden('The last superadmin cannot be deleted');
        }
        // Sessions go with the account (the foreign key cascades too; this keeps it explicit).
        await repo.deleteSessionsOfAdmin(trx, id);
        await repo.deleteAdmin(trx, id);
        return toAdminUser(target);
      });
    },

    purgeExpiredSessions: () => {
      const now = clock.now();
      return repo.deleteExpiredSessions(db, now - SESSION_IDLE_TIMEOUT_MS, now - SESSION_ABSOLUTE_TIMEOUT_MS);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
