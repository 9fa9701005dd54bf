import { expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '#shared/constants.ts';
import { describeEachDatabase } from '../../testing/harness.ts';

const MINUTE = 60 * 1000;

describeEachDatabase('admin login and sessions', (ctx) => {
  it('logs in with the right password and reaches /me with the token', async () => {
    const admin = await ctx().loginAs();
    const login = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email.toUpperCase(), password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ access_token: string; force_password_change: boolean }>();
    expect(body.force_password_change).toBe(false);
    expect(body.access_token).not.toBe(admin.token); // a new token per login
    expect(Buffer.from(body.access_token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: body.access_token });
    expect(me.json()).toMatchObject({ id: admin.id, email: admin.email, role: 'superadmin' });
    expect(me.body).not.toMatch(/password_hash|\$argon2/);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const admin = await ctx().loginAs();
    const wrong = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password: 'nope-nope' },
    });
    const unknown = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('validates the login body', async () => {
    const response = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'a@b.c' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('password');
  });

  it('stores tokens hashed, never as given', async () => {
    const { token } = await ctx().loginAs();
    const rows = await ctx().db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(rows.length).toBe(1);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('logout revokes the token', async () => {
    const { token } = await ctx().loginAs();
    expect((await ctx().request({ method: 'POST', url: '/api/admin/logout', token })).json()).toEqual({
      success: true,
    });
    const after = await ctx().request({ method: 'GET', url: '/api/admin/me', token });
    expect(after.statusCode).toBe(401);
  });

  it('expires a session after 30 idle minutes, but not while it is used', async () => {
    const { token } = await ctx().loginAs();
    ctx().clock.advance(SESSION_IDLE_TIMEOUT_MS - MINUTE);
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(200);
    ctx().clock.advance(SESSION_IDLE_TIMEOUT_MS - MINUTE); // still within 30 min of the last request
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(200);
    ctx().clock.advance(SESSION_IDLE_TIMEOUT_MS + 1);
    const expired = await ctx().request({ method: 'GET', url: '/api/admin/me', token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ detail: string }>().detail).toMatch(/expired/);
  });

  it('expires a session 12 hours after login even when it is busy', async () => {
    const { token } = await ctx().loginAs();
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_TIMEOUT_MS - 20 * MINUTE; elapsed += 20 * MINUTE) {
      ctx().clock.advance(20 * MINUTE);
      expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(200);
    }
    ctx().clock.advance(40 * MINUTE);
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(401);
  });

  it('refuses malformed and foreign bearer headers', async () => {
    await ctx().loginAs();
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-real-token-at-all-000', 'token']) {
      const response = await ctx().request({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });
});

describeEachDatabase('admin users', (ctx) => {
  const newUser = {
    username: 'staff1',
    email: 'Staff1@Example.com',
    password: 'a good password',
    role: 'admin',
  };

  it('lists admins without any password hash', async () => {
    const { token } = await ctx().loginAs();
    const response = await ctx().request({ method: 'GET', url: '/api/admin/users', token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ admins: { email: string }[] }>();
    expect(body.admins).toHaveLength(1);
    expect(response.body).not.toMatch(/password_hash|\$argon2/);
  });

  it('creates an admin who must change the password at first login', async () => {
    const { token } = await ctx().loginAs();
    const created = await ctx().request({ method: 'POST', url: '/api/admin/users', token, payload: newUser });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      admin: { username: 'staff1', email: 'staff1@example.com', role: 'admin', force_password_change: true },
    });
    expect(created.body).not.toContain('a good password');
    const login = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'staff1@example.com', password: 'a good password' },
    });
    expect(login.json()).toMatchObject({ force_password_change: true });
  });

  it('rejects short usernames and passwords, bad e-mails and unknown roles', async () => {
    const { token } = await ctx().loginAs();
    for (const [payload, field] of [
      [{ ...newUser, username: 'ab' }, 'username'],
      [{ ...newUser, password: 'short' }, 'Password must be at least 8 characters long'],
      [{ ...newUser, email: 'nope' }, 'email'],
      [{ ...newUser, role: 'owner' }, 'role'],
    ] as const) {
      const response = await ctx().request({ method: 'POST', url: '/api/admin/users', token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(field);
    }
  });

  it('refuses a duplicate e-mail or username with 409', async () => {
    const { token } = await ctx().loginAs();
    await ctx().request({ method: 'POST', url: '/api/admin/users', token, payload: newUser });
    const sameEmail = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token,
      payload: { ...newUser, username: 'other' },
    });
    const sameName = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token,
      payload: { ...newUser, username: 'STAFF1', email: 'x@example.com' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameName.statusCode).toBe(409);
  });

  it('only a superadmin creates or deletes a superadmin', async () => {
    const boss = await ctx().loginAs({ role: 'superadmin' });
    const staff = await ctx().loginAs({ role: 'admin' });
    const denied = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token: staff.token,
      payload: { ...newUser, role: 'superadmin' },
    });
    expect(denied.statusCode).toBe(403);
    const deleteBoss = await ctx().request({
      method: 'DELETE',
      url: `/api/admin/users/${boss.id}`,
      token: staff.token,
    });
    expect(deleteBoss.statusCode).toBe(403);
    const promoted = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token: boss.token,
      payload: { ...newUser, role: 'superadmin' },
    });
    expect(promoted.statusCode).toBe(201);
  });

  it('nobody deletes themselves; deleting a user revokes their sessions; unknown id is 404', async () => {
    const boss = await ctx().loginAs();
    const staff = await ctx().loginAs({ role: 'admin' });
    expect(
      (await ctx().request({ method: 'DELETE', url: `/api/admin/users/${boss.id}`, token: boss.token }))
        .statusCode,
    ).toBe(403);
    const removed = await ctx().request({
      method: 'DELETE',
      url: `/api/admin/users/${staff.id}`,
      token: boss.token,
    });
    expect(removed.json()).toEqual({ success: true });
    expect(
      (await ctx().request({ method: 'GET', url: '/api/admin/me', token: staff.token })).statusCode,
    ).toBe(401);
    expect(
      (await ctx().request({ method: 'DELETE', url: `/api/admin/users/${staff.id}`, token: boss.token }))
        .statusCode,
    ).toBe(404);
  });

  it('never reuses an id, so an old session can never match a new user', async () => {
    const boss = await ctx().loginAs();
    const first = (
      await ctx().request({ method: 'POST', url: '/api/admin/users', token: boss.token, payload: newUser })
    ).json<{ admin: { id: number } }>();
    await ctx().request({ method: 'DELETE', url: `/api/admin/users/${first.admin.id}`, token: boss.token });
    const second = (
      await ctx().request({ method: 'POST', url: '/api/admin/users', token: boss.token, payload: newUser })
    ).json<{ admin: { id: number } }>();
    expect(second.admin.id).toBeGreaterThan(first.admin.id);
  });
});
