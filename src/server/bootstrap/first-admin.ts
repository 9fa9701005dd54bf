// The first superadmin: from ADMIN_EMAIL/ADMIN_PASSWORD when given (no forced change), otherwise with
// a random password printed once and flagged for change at first login.
import type { Config } from '../config.ts';
import type { AccountsService } from '../features/accounts/service.ts';
import { HttpError } from '../lib/http-error.ts';
import { newPassword } from '../lib/secrets.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@localhost';

export type FirstAdminResult =
  { created: false } | { created: true; email: string; generatedPassword: string | undefined };

export async function ensureFirstAdmin(config: Config, accounts: AccountsService): Promise<FirstAdminResult> {
  if ((await accounts.countAdmins()) > 0) return { created: false };
  const email = config.admin?.email ?? GENERATED_ADMIN_EMAIL;
  const generatedPassword = config.admin ? undefined : newPassword();
  const username =
    email
      .split('@')[0]!
      .replace(/[^\p{L}\p{N}._-]/gu, '')
      .padEnd(3, '_') || 'admin';
  try {
    await accounts.create(
      undefined,
      { username, email, password: config.admin?.password ?? generatedPassword!, role: 'superadmin' },
      { forcePasswordChange: !config.admin },
    );
  } catch (error) {
    // Another instance created it at the same moment.
    if (error instanceof HttpError && error.statusCode === 409) return { created: false };
    throw error;
  }
  return { created: true, email, generatedPassword };
}
