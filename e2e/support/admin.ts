// Admin fixtures: sign in through the API and hand the token to the page the way the login screen
// stores it (localStorage adminToken), so a test starts on the screen it is about.
import type { Page } from 'playwright-core';
import { ADMIN, type TestServer } from './server.ts';

export async function apiLogin(
  server: TestServer,
  credentials: { email: string; password: string } = ADMIN,
): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Only the two fields: callers pass whole test accounts, and the login takes no other field.
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** An authenticated JSON call, for arranging data and checking what a screen stored. */
export async function adminApi<T>(
  server: TestServer,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Opens `adminPath` already signed in as the test superadmin. */
export async function openSignedIn(page: Page, server: TestServer, adminPath: string): Promise<string> {
  const token = await apiLogin(server);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('adminToken')) localStorage.setItem('adminToken', value);
  }, token);
  await page.goto(`${server.url}${adminPath}`);
  return token;
}
