// Fixtures for the admin account e2e files (auth, settings, users): throwaway admins made through the
// API, TOTP codes from an enrolment secret, signing in through the login screen, and the reset mail.
import { TOTP, Secret } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminApi, apiLogin } from './support/admin.ts';
import { DESKTOP } from './support/browser.ts';
import { ADMIN, findMail, type TestServer } from './support/server.ts';

export interface TestAdmin {
  id: number;
  username: string;
  email: string;
  password: string;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/**
 * A new admin created by the owner. As created it must change its password at first login; with
 * `ready` the change is made through the API so it can use everything straight away.
 */
export async function createAdmin(
  server: TestServer,
  { ready = false, role = 'admin' }: { ready?: boolean; role?: 'admin' | 'superadmin' } = {},
): Promise<TestAdmin> {
  const ownerToken = await apiLogin(server);
  const id = unique();
  const created = {
    username: `tester ${id}`,
    email: `tester-${id}@example.co.uk`,
    password: `Temporary-${id}-Pass!`,
  };
  const { admin } = await adminApi<{ admin: { id: number } }>(
    server,
    ownerToken,
    'POST',
    '/api/admin/users',
    {
      ...created,
      role,
    },
  );
  const result: TestAdmin = { id: admin.id, ...created };
  if (ready) {
    const token = await apiLogin(server, created);
    result.password = `Changed-${id}-Pass!`;
    await adminApi(server, token, 'POST', '/api/admin/change-password', {
      current_password: created.password,
      new_password: result.password,
    });
  }
  return result;
}

export async function deleteAdmin(server: TestServer, admin: TestAdmin | undefined): Promise<void> {
  if (!admin) return;
  const ownerToken = await apiLogin(server);
  await adminApi(server, ownerToken, 'DELETE', `/api/admin/users/${admin.id}`).catch(() => undefined);
}

/** The TOTP code an authenticator app shows `offsetSeconds` from now (each code works once). */
export function totpCode(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

/** Turns on 2FA for `admin` through the API; answers the secret. */
export async function enableTwoFactor(server: TestServer, admin: TestAdmin): Promise<string> {
  const token = await apiLogin(server, admin);
  const { secret } = await adminApi<{ secret: string }>(server, token, 'POST', '/api/admin/2fa/setup');
  await adminApi(server, token, 'POST', '/api/admin/2fa/enable', { code: totpCode(secret) });
  return secret;
}

/** A page in a fresh desktop context (no token from another test). */
export async function freshPage(
  browser: Browser,
  options = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

export async function fillLogin(page: Page, credentials: { email: string; password: string } = ADMIN) {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The reset link in the newest reset mail to `email` (waits for the background send). */
export async function resetLinkFor(server: TestServer, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = findMail(server.outboxDir, new RegExp(email.replace(/[.+]/g, '\\$&')));
    if (mail) {
      // Undo quoted-printable soft breaks in case the text part was encoded.
      const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/[^\s"<>]+\/admin\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}
