import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { FORCED_PASSWORD_CHANGE_DETAIL } from '../../plugins/auth-guard.ts';

const TEMPORARY = 'temporary pass 42';
const CHOSEN = 'my own long passphrase';

describeEachDatabase('forced and voluntary password change', (ctx) => {
  /** A superadmin creates an account (flagged for a forced change) and it signs in twice. */
  async function newlyCreatedAccount() {
    const boss = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token: boss.token,
      payload: { username: 'newbie', email: 'newbie@example.com', password: TEMPORARY, role: 'admin' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signIn = async () => {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'newbie@example.com', password: TEMPORARY },
      });
      expect(response.json()).toMatchObject({ force_password_change: true });
      return response.json<{ access_token: string }>().access_token;
    };
    return { boss, first: await signIn(), second: await signIn() };
  }

  it('while a change is forced only change-password, logout and me answer; everything else is 403', async () => {
    const { first } = await newlyCreatedAccount();
    for (const [method, url] of [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/2fa/setup'],
      ['PUT', '/api/admin/site'],
    ] as const) {
      const response = await ctx().request({
        method,
        url,
        token: first,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ detail: FORCED_PASSWORD_CHANGE_DETAIL, code: 'FORBIDDEN' });
    }
    const me = await ctx().request({ method: 'GET', url: '/api/admin/me', token: first });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'newbie@example.com', force_password_change: true });
    const logout = await ctx().request({ method: 'POST', url: '/api/admin/logout', token: first });
    expect(logout.statusCode).toBe(200);
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token: first })).statusCode).toBe(401);
  });

  it('changing the password clears the flag, keeps this session and signs out the others', async () => {
    const { first, second } = await newlyCreatedAccount();
    const changed = await ctx().request({
      method: 'POST',
      url: '/api/admin/change-password',
      token: first,
      payload: { current_password: TEMPORARY, new_password: CHOSEN },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await ctx().request({ method: 'GET', url: '/api/admin/events', token: first })).statusCode).toBe(
      200,
    );
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token: first })).json()).toMatchObject(
      { force_password_change: false },
    );
    expect((await ctx().request({ method: 'GET', url: '/api/admin/me', token: second })).statusCode).toBe(
      401,
    );

    const relogin = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'newbie@example.com', password: CHOSEN },
    });
    expect(relogin.json()).toMatchObject({ force_password_change: false });
    const audit = await ctx()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password.changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'newbie@example.com', detail: JSON.stringify({ forced: true }) });
  });

  it('needs the right current password and a new one that is long, uncommon and different', async () => {
    const admin = await ctx().loginAs();
    const change = (current_password: string, new_password: string) =>
      ctx().request({
        method: 'POST',
        url: '/api/admin/change-password',
        token: admin.token,
        payload: { current_password, new_password },
      });

    const wrongCurrent = await change('not my password', CHOSEN);
    // 400 (not 401): the session is still good and the client must not log the admin out.
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json<{ detail: string }>().detail).toMatch(/current password/i);
    expect((await change(admin.password, 'short')).json<{ detail: string }>().detail).toContain(
      'at least 8 characters',
    );
    expect((await change(admin.password, 'iloveyou')).json<{ detail: string }>().detail).toContain(
      'too common',
    );
    expect((await change(admin.password, admin.password)).json<{ detail: string }>().detail).toContain(
      'different',
    );

    // Nothing changed: the old password still works.
    const login = await ctx().request({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an admin created in the admin screen cannot be given a common password', async () => {
    const boss = await ctx().loginAs();
    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/users',
      token: boss.token,
      payload: { username: 'weak', email: 'weak@example.com', password: 'password123', role: 'admin' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ detail: string }>().detail).toContain('too common');
  });
});
