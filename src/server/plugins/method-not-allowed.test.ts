import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/harness.ts';

// A known API address asked with a method it does not serve answers 405 and says which it does
// (issue 20, item 10), including the public lists the fast lane answers before Fastify.
describeEachDatabase('methods an API path does not serve', (ctx) => {
  const expectRefused = (
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    allow: string,
  ) => {
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({ detail: expect.stringContaining(allow), code: 'METHOD_NOT_ALLOWED' });
  };

  it('answers 405 with Allow for a public path, HEAD listed with GET and OPTIONS only where served', async () => {
    expectRefused(await ctx().request({ method: 'POST', url: '/api/site', payload: {} }), 'GET, HEAD');
    expectRefused(await ctx().request({ method: 'OPTIONS', url: '/api/site' }), 'GET, HEAD');
    expectRefused(await ctx().request({ method: 'DELETE', url: '/api/track' }), 'POST');
  });

  it('answers 405 for an admin path with parameters once the caller is signed in (401 before)', async () => {
    expect((await ctx().request({ method: 'PUT', url: '/api/admin/users/5', payload: {} })).statusCode).toBe(
      401,
    );
    const { token } = await ctx().loginAs();
    expectRefused(
      await ctx().request({ method: 'PUT', url: '/api/admin/users/5', payload: {}, token }),
      'DELETE',
    );
    expectRefused(
      await ctx().request({ method: 'PATCH', url: '/api/admin/users', token }),
      'GET, HEAD, POST',
    );
    expectRefused(
      await ctx().request({ method: 'POST', url: '/api/admin/events/7', payload: {}, token }),
      'PUT, DELETE',
    );
  });

  it('keeps unknown API paths a 404', async () => {
    const unknown = await ctx().request({ method: 'POST', url: '/api/no-such-thing', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 405 to a POST to a public list the fast lane serves from memory', async () => {
    const { app } = ctx();
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/cms/events`;
      expect((await fetch(url)).status).toBe(200); // fills the cache: the lane answers GETs now
      const post = await fetch(url, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
      expect(await post.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    } finally {
      await app.server.close();
    }
  });
});
