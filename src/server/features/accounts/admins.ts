// The admin accounts themselves, and who may create or delete whom (docs/product.md#roles).
import type { AdminUser, CreateAdminRequest, CurrentAdmin } from '#shared/schemas/accounts.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import { normaliseEmail, toAdminUser } from './admin-user.ts';
import type { AccountsDeps, SessionAdmin } from './deps.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import * as repo from './repository.ts';

export async function me({ db, security }: AccountsDeps, adminId: number): Promise<CurrentAdmin> {
  const admin = await repo.findAdminById(db, adminId);
  if (!admin) throw unauthorized();
  const twoFactorEnabled = security ? await security.twoFactor.isEnabled(adminId) : false;
  return {
    ...toAdminUser(admin),
    two_factor_enabled: twoFactorEnabled,
    recovery_codes_remaining:
      twoFactorEnabled && security ? await security.twoFactor.remainingRecoveryCodes(adminId) : 0,
  };
}

export async function listAdmins({ db }: AccountsDeps): Promise<AdminUser[]> {
  return (await repo.listAdmins(db)).map(toAdminUser);
}

export const countAdmins = ({ db }: AccountsDeps) => repo.countAdmins(db);

/** An admin's username, for the audit log; null if the account is gone. */
export async function usernameOf({ db }: AccountsDeps, id: number): Promise<string | null> {
  return (await repo.findAdminById(db, id))?.username ?? null;
}

/**
 * Creates an account. `actor` is the admin doing it (undefined from the shell or first run).
 * Accounts made by someone else must change their password at first login.
 */
export async function createAdmin(
  { db, clock }: AccountsDeps,
  actor: SessionAdmin | undefined,
  input: CreateAdminRequest,
  options: { forcePasswordChange: boolean },
): Promise<AdminUser> {
  if (actor && input.role === 'superadmin' && actor.role !== 'superadmin') {
    throw forbidden('Only a superadmin can create a superadmin');
  }
  // Accounts made in the admin screen get the same password rules as a change or reset.
  if (actor) assertAcceptablePassword(input.password);
  const email = normaliseEmail(input.email);
  const clash = await repo.findAdminByEmailOrUsername(db, email, input.username);
  if (clash) {
    throw conflict(
      clash.email === email
        ? 'An admin with this email already exists'
        : 'An admin with this username already exists',
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
}

export async function removeAdmin({ db }: AccountsDeps, actor: SessionAdmin, id: number): Promise<AdminUser> {
  if (actor.id === id) throw forbidden('You cannot delete your own account');
  return db.transaction().execute(async (trx) => {
    const target = await repo.findAdminById(trx, id);
    if (!target) throw notFound('Admin user not found');
    if (target.role === 'superadmin') {
      if (actor.role !== 'superadmin') throw forbidden('Only a superadmin can delete a superadmin');
      if ((await repo.lockSuperadmins(trx)).length <= 1)
        throw forbidden('The last superadmin cannot be deleted');
    }
    // Sessions go with the account (the foreign key cascades too; this keeps it explicit).
    await repo.deleteSessionsOfAdmin(trx, id);
    await repo.deleteAdmin(trx, id);
    return toAdminUser(target);
  });
}
