import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';

// The only admin routes anyone may call without a token.
const PUBLIC_ADMIN_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/password-reset/request',
  'POST /api/admin/password-reset/confirm',
]);

describeEachDatabase('admin guard', (ctx) => {
  it('every admin route in the route table answers 401 without a token', async () => {
    const guarded = ctx().routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        (r.url.startsWith('/api/admin') || r.url === '/api/enquiries') &&
        !(r.url === '/api/enquiries' && r.method === 'POST'),
    );
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of guarded) {
      const key = `${route.method} ${route.url}`;
      if (route.public) {
        expect(PUBLIC_ADMIN_ROUTES.has(key), `${key} is public but not on the allow-list`).toBe(true);
        continue;
      }
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await ctx().request({
        method: route.method as 'GET',
        url,
        payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
      });
      expect(response.statusCode, key).toBe(401);
      expect(response.json(), key).toHaveProperty('detail');
    }
  });

  it('a superadmin-only route refuses a plain admin with 403 before it looks at the input', async () => {
    const restricted = ctx().routes.filter((r) => r.role === 'superadmin' && r.method !== 'HEAD');
    expect(restricted.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/admin/data-subject',
      'DELETE /api/admin/mail/settings',
      'GET /api/admin/audit',
      'GET /api/admin/data-subject',
      'GET /api/admin/mail/settings',
      'GET /api/admin/payments',
      'PUT /api/admin/mail/settings',
      'PUT /api/admin/payments',
      'PUT /api/admin/site',
    ]);
    const { token } = await ctx().loginAs({ role: 'admin', email: 'staff@example.com', username: 'staff' });
    for (const route of restricted) {
      const response = await ctx().request({
        method: route.method as 'GET',
        url: `${route.url}?email=not-an-address&limit=-1`,
        token,
        payload: route.method === 'PUT' ? { email: 'not-an-address', unknown: [1] } : undefined,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('unknown admin paths are 401 without a token, other unknown API paths a JSON 404', async () => {
    expect((await ctx().request({ method: 'GET', url: '/api/admin/secret-thing' })).statusCode).toBe(401);
    const unknown = await ctx().request({ method: 'GET', url: '/api/nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
  });

  it('an expired or revoked token is refused even on a matching route', async () => {
    const { token } = await ctx().loginAs();
    await ctx().request({ method: 'POST', url: '/api/admin/logout', token });
    expect((await ctx().request({ method: 'GET', url: '/api/admin/events', token })).statusCode).toBe(401);
  });

  it('health reports the database', async () => {
    const response = await ctx().request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
