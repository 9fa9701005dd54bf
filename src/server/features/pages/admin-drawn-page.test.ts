// The admin's pages drawn with the admin's data (decision 0491), with a stand-in for the renderer that
// shows what the server gave it: the session comes from the admin pages' cookie and nowhere else, an
// ended or made-up one draws nothing (and costs no render), the renderer can only read, and what an
// admin typed reaches the page as inert text. The real renderer is driven in e2e/admin-auth.e2e.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { memoryAppInputs } from '../../testing/memory-app-inputs.ts';

const STATIC_PAGE = '<!doctype html><title>CMS Admin</title><div id="root" data-signed-in-frame></div>';
const TEMPLATE =
  '<!doctype html><title>CMS Admin</title><div id="root" data-drawn-on-server><!--drawn-screen--></div><!--query-state-->';
// What an admin may type into their name: markup, a script's end, a replacement pattern.
const USERNAME = "Ann </script><script>alert(1)</script> $& $' Lee";

/** How many times the stand-in renderer ran, in this process. */
const draws = () => (globalThis as { adminDraws?: number }).adminDraws ?? 0;

describe('admin pages drawn with the admin’s data', () => {
  let built: BuiltApp;
  let tmp: string;
  let token: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'range-drawn-'));
    const webRoot = path.join(tmp, 'web');
    const screens = path.join(webRoot, 'admin-screens');
    fs.mkdirSync(path.join(screens, 'drawn'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'ssr'));
    fs.writeFileSync(path.join(webRoot, 'admin.html'), STATIC_PAGE);
    for (const screen of ['dashboard', 'bookings', 'events'])
      fs.writeFileSync(path.join(screens, `${screen}.html`), STATIC_PAGE);
    fs.writeFileSync(path.join(screens, 'drawn', 'dashboard.html'), TEMPLATE);
    // The stand-in: asks as a screen does, tries a write, and draws what it was answered.
    fs.writeFileSync(
      path.join(tmp, 'ssr', 'admin-screens.js'),
      `export async function drawSignedInScreen(path, api) {
        globalThis.adminDraws = (globalThis.adminDraws ?? 0) + 1;
        const write = await api('/api/admin/events/1', { method: 'DELETE' });
        const me = await api('/api/admin/me', { method: 'GET' });
        if (!me.ok) return null;
        const { username } = await me.json();
        return { markup: '<h1>' + path + '</h1><p>write ' + write.status + '</p>', state: { username } };
      }`,
    );
    const { config, db } = await memoryAppInputs(tmp);
    built = await buildApp({ config, db, webRoot });
    // Without an actor, as the first admin is made: no password rules, the name as typed.
    await built.services.accounts.create(
      undefined,
      { username: USERNAME, email: 'ann@example.com', password: 'correct horse 1', role: 'superadmin' },
      { forcePasswordChange: false },
    );
    token = (await built.services.accounts.login('ann@example.com', 'correct horse 1')).access_token;
  });

  afterAll(async () => {
    await built.app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it('draws the screen for the session in the cookie, keeps nobody’s copy, and can only read', async () => {
    const answer = await page('/admin/dashboard?x=1', `adminSession=${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('<div id="root" data-drawn-on-server><h1>/admin/dashboard?x=1</h1>');
    // The write the renderer tried was refused before it reached the route.
    expect(answer.body).toContain('<p>write 405</p>');
    expect(
      await built.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${token}` },
      }),
    ).toHaveProperty('statusCode', 200);
    // The answers are in the page as inert JSON that reads back the same.
    const state = /<script type="application\/json" id="admin-query-state">([\s\S]*?)<\/script>/.exec(
      answer.body,
    )?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state!)).toEqual({ username: USERNAME });
    expect(answer.body.match(/<script/g)).toHaveLength(1);
  });

  it('sends the drawn page compressed when the browser takes it', async () => {
    const answer = await page('/admin/dashboard', `adminSession=${token}`, { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toContain('<h1>/admin/dashboard</h1>');
  });

  it('draws nothing for a made-up, malformed or ended session, nor where the screen is not drawn', async () => {
    const before = draws();
    for (const cookie of [
      'adminSession=AAAAAAAAAAAAAAAAAAAAAAAA',
      'adminSession=not a token',
      `adminSession=${token}%0d%0aX-Injected: 1`,
      `other=${token}`,
    ]) {
      const answer = await page('/admin/dashboard', cookie);
      expect(answer.statusCode, cookie).toBe(200);
      expect(answer.body, cookie).toBe(STATIC_PAGE);
    }
    expect((await page('/admin/events', `adminSession=${token}`)).body).toBe(STATIC_PAGE);
    // A made-up session is turned away before any render.
    expect(draws()).toBe(before);

    const ended = (await built.services.accounts.login('ann@example.com', 'correct horse 1')).access_token;
    await built.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${ended}` },
    });
    expect((await page('/admin/dashboard', `adminSession=${ended}`)).body).toBe(STATIC_PAGE);
  });

  it('never takes the cookie for a token on the API', async () => {
    const answer = await built.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: `adminSession=${token}` },
    });
    expect(answer.statusCode).toBe(401);
  });
});
